BEGIN
{
	printf("%@d", 1); /* ERROR D_PRINTF_AGG_CONV "^%@ conversion requires an aggregation and is not for use with printf\( \)$" */
}
