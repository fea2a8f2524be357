BEGIN
{
	printf(""); /* ERROR D_PRINTF_FMT_EMPTY "^printf\( \) format string is empty$" */
}
