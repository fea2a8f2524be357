/* @@runtest-opts: -x nspec=65 */

/* More speculations than the code generator handles is an error. */
BEGIN
{
	s = speculation();
	exit(0);
}
