#pragma D option quiet

/* A clause-local string. */
BEGIN
{
	this->s = "local";
	printf("%s\n", this->s);
	exit(0);
}
