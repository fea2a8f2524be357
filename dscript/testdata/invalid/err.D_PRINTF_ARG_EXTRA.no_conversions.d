BEGIN
{
	printf("hello", 1); /* ERROR D_PRINTF_ARG_EXTRA "^printf\( \) prototype mismatch: only 0 arguments required by this format string$" */
}
