#!/usr/bin/env -S dtrace -qs
/*
 * statsnoop.d: every stat(2) family call on a path (stat, lstat,
 * fstatat/newfstatat, statx), one line per call as it returns.
 *
 * Usage: ./statsnoop.d              every process
 *        ./statsnoop.d -p PID       only PID
 *        ./statsnoop.d conf         only paths containing "conf"
 *
 * Columns: TIME(s) since the tool started; PID and COMM; SYSCALL; RET, 0
 * or -1; ERR, 0 or the errno (2 ENOENT: no such file); PATH as given
 * (empty for a statx(2) or fstatat(2) of the descriptor itself, with
 * AT_EMPTY_PATH). Programs test for files far more often than they open
 * them: shells walking $PATH, interpreters looking for modules, build
 * tools checking timestamps. Many ENOENT lines for one program is a
 * search path worth shortening. Ctrl-C prints the counts by program and
 * result.
 *
 * Probes: syscall::newstat, newlstat, newfstatat, statx entry and return.
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %-10s %3s %3s %s\n", "TIME(s)", "PID", "COMM",
	    "SYSCALL", "RET", "ERR", "PATH");
}

syscall::newstat:entry,
syscall::newlstat:entry
/$target == 0 || pid == $target/
{
	self->path = arg0;
}

syscall::newfstatat:entry,
syscall::statx:entry
/$target == 0 || pid == $target/
{
	self->path = arg1;
}

syscall::newstat:return,
syscall::newlstat:return,
syscall::newfstatat:return,
syscall::statx:return
/self->path/
{
	this->path = copyinstr(self->path);
	this->t = timestamp - start;
	this->err = (int)arg0 < 0 ? errno : 0;
	self->path = 0;
	if ($$1 == "" || index(this->path, $$1) >= 0) {
		printf("%6d.%03d %7d %-16s %-10s %3d %3d %s\n",
		    this->t / 1000000000, this->t / 1000000 % 1000, pid,
		    execname, probefunc, this->err ? -1 : 0, this->err,
		    this->path);
		@calls[execname, this->err ? "failed" : "ok"] = count();
	}
}

END
{
	printf("\n%-16s %-7s %8s\n", "COMM", "RESULT", "CALLS");
	printa("%-16s %-7s %@8d\n", @calls);
}
