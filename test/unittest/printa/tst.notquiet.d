/* @@nosort */
/* printa() without -q: the probe prefix, then the printa() output. */
BEGIN
{
	@a = count();
	printa(@a);
	exit(0);
}
