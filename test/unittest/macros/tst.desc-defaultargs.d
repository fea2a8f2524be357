/* @@runtest-opts: -x defaultargs */
#pragma D option quiet

/* Under defaultargs, an unset argument in a description is empty. */
dtrace:::BEGIN$1
{
	printf("%s\n", probename);
	exit(0);
}
