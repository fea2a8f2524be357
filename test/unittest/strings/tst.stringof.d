#pragma D option quiet

/*
 * stringof: a string is itself; the bytes a char pointer or char array
 * names are read as a string.
 */
BEGIN
{
	this->b = (char *)alloca(8);
	this->b[0] = 'h';
	this->b[1] = 'i';
	this->b[2] = '\0';
	printf("[%s] [%s] [%s]\n", stringof(this->b), stringof("x"),
	    stringof(curthread->comm) == execname ? "comm" : "?");
	exit(0);
}
