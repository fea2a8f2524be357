BEGIN
{
	printf("%..3d", 1); /* ERROR D_SYNTAX "^format conversion #1 has more than one '\.' specified$" */
}
