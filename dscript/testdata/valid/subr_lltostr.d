/* Exercises: lltostr() with one argument and with an explicit base. */
syscall::kill:entry
{
	this->s = lltostr(arg0);
	this->hex = lltostr(arg1, 16);
	this->bin = lltostr(arg1, 2);
	printf("kill pid=%s sig=0x%s (%s)\n", this->s, this->hex, this->bin);
}
