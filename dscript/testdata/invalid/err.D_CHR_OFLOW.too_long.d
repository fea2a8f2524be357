BEGIN
{
	x = 'abcdefghi'; /* ERROR D_CHR_OFLOW "^character constant is too long$" */
}
