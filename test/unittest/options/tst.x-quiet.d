/* @@runtest-opts: -x quiet */
/* -x quiet is the same as -q. */
BEGIN
{
	printf("x\n");
	exit(0);
}
