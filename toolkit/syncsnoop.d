#!/usr/bin/env -S dtrace -qs
/*
 * syncsnoop.d: calls that force data to disk (sync(2), syncfs(2),
 * fsync(2), fdatasync(2), sync_file_range(2), msync(2)), one line per
 * call as it returns, with how long the caller waited.
 *
 * Usage: ./syncsnoop.d            every process
 *        ./syncsnoop.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started, when the call returned; PID
 * and COMM; SYSCALL; LAT(ms), how long the call took, microseconds after
 * the dot; RET, the return value (-1 and the errno when it failed shows
 * as a negative ERRNO); FILE, the name of the file a descriptor names
 * (fsync, fdatasync, syncfs, sync_file_range), else "-". Syncs are
 * expensive: a database or editor that syncs on every write, or a sync
 * that takes hundreds of milliseconds behind other writes, explains
 * stalls that show up nowhere else. Ctrl-C prints the calls and total
 * time by program and system call.
 *
 * Probes: syscall::sync, syncfs, fsync, fdatasync, sync_file_range,
 * msync entry and return; the file through the process's descriptor
 * table (curthread->files).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %-16s %11s %5s %s\n", "TIME(s)", "PID", "COMM",
	    "SYSCALL", "LAT(ms)", "RET", "FILE");
}

syscall::sync:entry,
syscall::msync:entry
/$target == 0 || pid == $target/
{
	self->ts = timestamp;
	self->file = "-";
}

syscall::syncfs:entry,
syscall::fsync:entry,
syscall::fdatasync:entry,
syscall::sync_file_range:entry
/($target == 0 || pid == $target) && arg0 < curthread->files->fdt->max_fds/
{
	self->ts = timestamp;
	this->f = curthread->files->fdt->fd[arg0];
	self->file = this->f != NULL ?
	    stringof(this->f->f_path.dentry->d_name.name) : "?";
}

syscall::sync:return,
syscall::msync:return,
syscall::syncfs:return,
syscall::fsync:return,
syscall::fdatasync:return,
syscall::sync_file_range:return
/self->ts/
{
	this->now = timestamp;
	this->t = this->now - start;
	this->lat = (this->now - self->ts) / 1000;
	printf("%6d.%03d %7d %-16s %-16s %7d.%03d %5d %s\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, pid, execname,
	    probefunc, this->lat / 1000, this->lat % 1000,
	    (int)arg0 < 0 ? -errno : (int)arg0, self->file);
	@calls[execname, probefunc] = count();
	@us[execname, probefunc] = sum(this->lat);
	self->ts = 0;
	self->file = 0;
}

END
{
	printf("\n%-16s %-16s %8s %12s\n", "COMM", "SYSCALL", "CALLS",
	    "TOTAL(us)");
	printa("%-16s %-16s %@8d %@12d\n", @calls, @us);
}
