/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/jitprog unittest/stack/testdata/jitprog.c && exec /tmp/dtrace-stack/jitprog */
/* @@runtest-opts: -w */
/* @@nosort */
/* @@post: sed -E 's/perf-[0-9]+\.map/perf-PID.map/; s/ +$//' */
#pragma D option quiet

/*
 * ustack() at a system call that code generated at run time makes: the
 * function the process's perf map (/tmp/perf-PID.map) names, in module
 * perf-PID.map; then the address of a function in anonymous memory that
 * the map does not name; then main. ufunc(), usym(), umod(), uaddr() and
 * %A of where the process was name the generated function too. The
 * process, told to end, removes its map.
 */
syscall::getppid:entry
/execname == "jitprog"/
{
	ustack(3);
	trace(ufunc(ucaller));
	printf("\n");
	trace(usym(ucaller));
	printf("\n");
	trace(umod(ucaller));
	printf("\n");
	trace(uaddr(ucaller));
	printf("\n%A\n", ufunc(ucaller));
	system("kill %d", pid);
	exit(0);
}
