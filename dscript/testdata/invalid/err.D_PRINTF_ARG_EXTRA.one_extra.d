BEGIN
{
	printf("%d", 1, 2); /* ERROR D_PRINTF_ARG_EXTRA "^printf\( \) prototype mismatch: only 1 arguments required by this format string$" */
}
