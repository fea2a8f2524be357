BEGIN
{
	printf("%-%"); /* ERROR D_SYNTAX "^format conversion #1 cannot be combined with other format flags: %%$" */
}
