BEGIN
{
	system(""); /* ERROR D_PRINTF_FMT_EMPTY "^system\( \) format string is empty$" */
}
