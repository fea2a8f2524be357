#pragma D option quiet

/* inet_ntop of an address family other than AF_INET and AF_INET6 is an
 * illegal operation. */
BEGIN
{
	this->a = (char *)alloca(16);
	trace(inet_ntop(99, this->a));
}

BEGIN
{
	af = 1;
	this->a = (char *)alloca(16);
	trace(inet_ntop(af, this->a));
}

BEGIN
{
	printf("done\n");
	exit(0);
}
