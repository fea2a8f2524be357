/* A pragma applies to what follows it: $1 above it is not defined. */
BEGIN
{
	trace($1);
	exit(0);
}

#pragma D option defaultargs
