/* @@runtest-opts: -x bufpolicy=ring -b 240 */
/* @@nosort */
#pragma D option quiet

/*
 * A ring buffer keeps a CPU's newest records, bufsize bytes of them, and
 * prints them when tracing stops. Each record here takes 24 bytes (as in
 * DTrace: a header and a value), so CPU 0's 240 bytes end with 92 to 100
 * and the exit() record.
 */
int i;

profile-1ms
/cpu == 0/
{
	i++;
	printf("%d\n", i);
}

profile-1ms
/cpu == 0 && i == 100/
{
	exit(0);
}
