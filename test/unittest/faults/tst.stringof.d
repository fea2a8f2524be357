#pragma D option quiet

/* stringof an unreadable address is a bad-address fault. */
BEGIN
{
	trace(stringof((char *)8));
	exit(0);
}

BEGIN
{
	exit(0);
}
