/*
 * @@runtest-opts: -q -c /bin/true
 * The command is held at its entry point until the probes are enabled:
 * the dynamic linker has mapped its libraries by then (its brk and mmap
 * calls are not seen), and the command's own first system call is.
 */
syscall:::entry
/pid == $target && !seen/
{
	seen = 1;
	printf("first: %s\n", probefunc);
}
