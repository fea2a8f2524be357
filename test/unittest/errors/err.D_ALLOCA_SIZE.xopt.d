/* @@runtest-opts: -x scratchsize=64 */
/* scratchsize set by -x bounds a constant alloca() size. */
BEGIN
{
	x = alloca(65);
	exit(0);
}
