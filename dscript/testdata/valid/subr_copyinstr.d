/* Exercises: copyinstr() with one argument and with an explicit maximum length. */
syscall::openat:entry
{
	this->full = copyinstr(arg1);
	this->brief = copyinstr(arg1, 16);
	printf("%s %s\n", this->full, this->brief);
}
