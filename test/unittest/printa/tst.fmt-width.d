#pragma D option quiet

/* Widths and flags in printa() conversions. */
BEGIN
{
	@["ab"] = sum(7);
	printa("[%-6s][%@4d][%@-4d]\n", @);
	exit(0);
}
