#pragma D option quiet

/* A load through NULL is an invalid address, reported with the address. */
BEGIN
{
	trace(*(int *)0);
}

BEGIN
{
	this->p = (long *)16;
	trace(*this->p);
}

BEGIN
{
	printf("tracing goes on\n");
	exit(0);
}
