/* @@nosort */
#pragma D option quiet

/* printa() without a format, with string keys. */
BEGIN
{
	@["b"] = count();
	@["a"] = count();
	printa(@);
	exit(0);
}
