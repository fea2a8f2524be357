#!/usr/bin/env -S dtrace -qs
/*
 * opensnoop.d: every file opened (open(2), openat(2), openat2(2),
 * creat(2)), one line per call as it returns, with the file descriptor it
 * got or the error it failed with.
 *
 * Usage: ./opensnoop.d                every process
 *        ./opensnoop.d -p PID         only PID
 *        ./opensnoop.d -c 'CMD ARGS'  run CMD and show what it opens
 *        ./opensnoop.d passwd         only paths containing "passwd"
 *
 * Columns: TIME(s) since the tool started; PID and COMM; FD, the file
 * descriptor returned, -1 on failure; ERR, 0 or the errno (2 ENOENT: no
 * such file, 13 EACCES: permission denied, 24 EMFILE: out of
 * descriptors); PATH as the program gave it (relative to its working
 * directory, or to the directory an openat(2) names, when it does not
 * start with /). Failures with ENOENT are how programs search for their
 * configuration and libraries: a program that tries a hundred paths
 * before finding one shows it here. Ctrl-C prints the counts of opens
 * and failures by program.
 *
 * Probes: syscall::open, openat, openat2, creat entry and return.
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %4s %3s %s\n", "TIME(s)", "PID", "COMM", "FD",
	    "ERR", "PATH");
}

syscall::open:entry,
syscall::creat:entry
/$target == 0 || pid == $target/
{
	self->path = arg0;
}

syscall::openat:entry,
syscall::openat2:entry
/$target == 0 || pid == $target/
{
	self->path = arg1;
}

syscall::open:return,
syscall::creat:return,
syscall::openat:return,
syscall::openat2:return
/self->path/
{
	this->path = copyinstr(self->path);
	this->t = timestamp - start;
	this->err = (int)arg0 < 0 ? errno : 0;
	self->path = 0;
	if ($$1 == "" || index(this->path, $$1) >= 0) {
		printf("%6d.%03d %7d %-16s %4d %3d %s\n", this->t / 1000000000,
		    this->t / 1000000 % 1000, pid, execname,
		    this->err ? -1 : (int)arg0, this->err, this->path);
		@opens[execname] = count();
		@fails[execname] = sum(this->err ? 1 : 0);
	}
}

END
{
	printf("\n%-16s %8s %8s\n", "COMM", "OPENS", "FAILED");
	printa("%-16s %@8d %@8d\n", @opens, @fails);
}
