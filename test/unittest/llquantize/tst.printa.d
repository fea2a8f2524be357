/* @@nosort */
#pragma D option quiet

/* printa() of an llquantize() aggregation, without and with a format. */
BEGIN
{
	@["k"] = llquantize(5, 4, 0, 3, 16);
	@["k"] = llquantize(17, 4, 0, 3, 16);
	@["k"] = llquantize(100, 4, 0, 3, 16);
	printa(@);
	printa("%s:%@d\n", @);
	exit(0);
}
