#!/usr/bin/env -S dtrace -qs
/*
 * rwsnoop.d: reads and writes as they return, one line per call, with the
 * file they went to: read(2), write(2), pread64(2), pwrite64(2),
 * readv(2), writev(2) on files, pipes, sockets and terminals.
 *
 * Usage: ./rwsnoop.d            every process (busy: narrow it down)
 *        ./rwsnoop.d -p PID     only PID
 *        ./rwsnoop.d -c CMD     run CMD and show its reads and writes
 *
 * Columns: TIME(s) since the tool started; UID, PID and COMM; D, R for a
 * read, W for a write; BYTES, the bytes transferred (0 at end of file;
 * failed calls are left out); FD, the descriptor; FILE, the name of
 * what it refers to: a file's last path component, "<pipe>",
 * "<socket>", or "-" for other objects without a name of their own. Many small reads or writes where a few large ones would do
 * are the usual find. dtrace's own reads and writes are left out.
 *
 * Probes: syscall::read, write, pread64, pwrite64, readv, writev entry
 * and return; the file through the process's descriptor table.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %6s %7s %-16s %1s %8s %4s %s\n", "TIME(s)", "UID", "PID",
	    "COMM", "D", "BYTES", "FD", "FILE");
}

syscall::read:entry, syscall::pread64:entry, syscall::readv:entry,
syscall::write:entry, syscall::pwrite64:entry, syscall::writev:entry
/pid != $pid && ($target == 0 || pid == $target) &&
    arg0 < curthread->files->fdt->max_fds/
{
	self->fd = arg0;
	self->file = curthread->files->fdt->fd[arg0];
}

syscall::read:return, syscall::pread64:return, syscall::readv:return,
syscall::write:return, syscall::pwrite64:return, syscall::writev:return
/self->file && (int)arg0 >= 0/
{
	this->t = timestamp - start;
	this->name = stringof(self->file->f_path.dentry->d_name.name);
	this->fmt = self->file->f_inode->i_mode & 0xf000;
	this->name = this->fmt == 0x1000 ? "<pipe>" :
	    this->fmt == 0xc000 ? "<socket>" :
	    this->name == "" ? "-" : this->name;
	printf("%6d.%03d %6d %7d %-16s %1s %8d %4d %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, uid, pid, execname,
	    probefunc == "read" || probefunc == "pread64" ||
	    probefunc == "readv" ? "R" : "W", arg0, self->fd, this->name);
}

syscall::read:return, syscall::pread64:return, syscall::readv:return,
syscall::write:return, syscall::pwrite64:return, syscall::writev:return
{
	self->file = 0;
	self->fd = 0;
}
