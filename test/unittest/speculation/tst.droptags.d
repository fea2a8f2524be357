/* @@runtest-opts: -x droptags -x specsize=300 */
/* @@nosort */
#pragma D option quiet

/* Under droptags, speculative drops and failed speculations name their tag. */
BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
{
	speculate(a);
	printf("%s\n", "kept");
}

BEGIN
{
	speculate(a);
	printf("%s\n", "dropped");
}

BEGIN
{
	commit(a);
}

BEGIN
{
	exit(0);
}
