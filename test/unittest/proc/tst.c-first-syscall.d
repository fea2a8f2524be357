/*
 * @@runtest-opts: -q -c /bin/true
 * The command is held at the end of its exec until the probes are enabled:
 * its very first system call (the dynamic linker's brk) is seen.
 */
syscall:::entry
/pid == $target && !seen/
{
	seen = 1;
	printf("first: %s\n", probefunc);
}
