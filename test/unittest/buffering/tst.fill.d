/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec taskset -c 0 /tmp/dtrace-stack/ustackprog */
/* @@runtest-opts: -x bufpolicy=fill -b 480 */
#pragma D option quiet

/*
 * A fill buffer keeps records until a CPU's bufsize bytes are used, less
 * the room END's records need, which DTrace reserves: 480 bytes keep 19
 * of these 24-byte records and END's 16 (the program making the system
 * calls runs on CPU 0 only). The twentieth firing finds no room: as in
 * DTrace, its clause does nothing (i stays 19), nothing is reported as
 * dropped, and tracing stops as at exit(0). END fires and everything kept
 * is printed.
 */
int i;

syscall::getppid:entry
/execname == "ustackprog"/
{
	i++;
	printf("%d\n", i);
}

END
{
	printf("end %d\n", i);
}
