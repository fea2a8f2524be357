#pragma D option quiet
#pragma D option strsize=2048

/* A string clause-local variable of 2048 bytes. */
BEGIN
{
	this->s = "long";
	this->t = strjoin(this->s, "er");
	printf("%s\n", this->t);
	exit(0);
}
