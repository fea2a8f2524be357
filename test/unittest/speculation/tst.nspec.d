/* @@runtest-opts: -x nspec=2 */
#pragma D option quiet

/* With nspec=2, two speculations; the next two speculation()s fail. */
BEGIN
{
	printf("%d %d %d %d\n", speculation(), speculation(), speculation(), speculation());
	exit(0);
}
