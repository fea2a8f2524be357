#pragma D option quiet
#pragma D option nspec=0

/* With nspec=0 there is no speculation to claim. */
BEGIN
{
	printf("%d\n", speculation());
	exit(0);
}
