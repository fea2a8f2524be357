/* @@runtest-opts: -q -w -c unittest/stack/jit-wait.sh */
/* @@nosort */
/* @@post: sed -E 's/perf-[0-9]+\.map/perf-PID.map/; s/ +$//' */

/*
 * A process generates code, names it in its perf map, makes a system call
 * from it (the stack printed at once), then names more code in the map
 * and calls it once dtrace has printed that stack (SIGUSR1), removes the
 * map and exits. The stacks aggregated resolve once it has exited: the
 * function named before the first stack was printed, and the one named
 * after it, read from the map dtrace kept open.
 */
syscall::getppid:entry
/pid == $target && execname == "jitprog" && !sent/
{
	sent = 1;
	ustack(3);
	system("kill -USR1 %d", pid);
}

syscall::getppid:entry
/pid == $target && execname == "jitprog"/
{
	@[ustack(3)] = count();
}
