#!/usr/bin/env -S dtrace -qs
/*
 * execsnoop.d: every new program, one line per exec(2) as it happens.
 *
 * Usage: ./execsnoop.d            every process
 *        ./execsnoop.d -p PID     only exec(2)s of PID (rarely useful)
 *
 * Columns: TIME(s), seconds since the tool started; PID and PPID of the
 * process; RET, 0 when the new program runs, else the errno exec(2)
 * failed with (2 ENOENT, 13 EACCES, 8 ENOEXEC...); COMM, the program's
 * name (for a failure, the name of the program that called exec(2)); ARGS,
 * its arguments as one line (the first 80 bytes; for a failure, the path
 * it tried). Short-lived programs that a ps(1) or top(1) never catch
 * show up here: look for the same command repeated, or a failing one
 * retried. Ctrl-C prints how many programs ran and failed.
 *
 * Probes: proc:::exec-success (sched_process_exec, in the new image),
 * proc:::exec-failure, syscall::execve*:entry for a failing path.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %7s %4s %-16s %s\n", "TIME(s)", "PID", "PPID", "RET",
	    "COMM", "ARGS");
}

syscall::execve:entry,
syscall::execveat:entry
/$target == 0 || pid == $target/
{
	self->path = probefunc == "execve" ? arg0 : arg1;
}

proc:::exec-success
/$target == 0 || pid == $target/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %7d %4d %-16s %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, ppid, 0, execname,
	    curpsinfo->pr_psargs);
	self->path = 0;
	ok++;
}

proc:::exec-failure
/($target == 0 || pid == $target) && self->path/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %7d %4d %-16s %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, ppid, args[0], execname,
	    copyinstr(self->path));
	self->path = 0;
	failed++;
}

END
{
	printf("\n%d programs started, %d exec(2) calls failed\n", ok, failed);
}
