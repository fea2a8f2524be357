/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec taskset -c 0 /tmp/dtrace-stack/ustackprog */
/* @@runtest-opts: -x bufpolicy=ring -b 240 */
/* @@nosort */
#pragma D option quiet

/*
 * A ring buffer keeps a CPU's newest records, bufsize bytes of them, and
 * prints them when tracing stops. Each record here takes 24 bytes (as in
 * DTrace: a header and a value); the program making the system calls runs
 * on CPU 0 only, whose 240 bytes end with 22 to 30 and the exit() record.
 */
int i;

syscall::getppid:entry
/execname == "ustackprog"/
{
	i++;
	printf("%d\n", i);
}

syscall::getppid:entry
/i == 30/
{
	exit(0);
}
