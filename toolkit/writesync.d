#!/usr/bin/env -S dtrace -qs
/*
 * writesync.d: writes to files, counted by program, file and whether the
 * file was opened for synchronous writes (O_SYNC or O_DSYNC: each write
 * waits for the disk), printed on Ctrl-C.
 *
 * Usage: ./writesync.d            every process
 *        ./writesync.d -p PID     only PID
 *
 * Columns: COMM; FILE, the file's name (its last path component); MODE,
 * "O_SYNC" (data and metadata reach the disk before write(2) returns),
 * "O_DSYNC" (data), or "-" (the page cache takes the write, written back
 * later); WRITES, the write(2)-family calls; BYTES asked to be written.
 * Synchronous writes are slow by design; many small ones to one file
 * (a log opened with O_SYNC, a database without group commit) are a
 * common cause of write latency. Pipes and sockets are left out.
 *
 * Probes: syscall::write, pwrite64, writev, pwritev, pwritev2 entry; the
 * open flags of the file through the process's descriptor table.
 */
#pragma D option quiet

inline int O_DSYNC = 0x1000;
inline int O_SYNC_BIT = 0x100000;	/* __O_SYNC: O_SYNC is both bits */
inline int S_IFMT = 0xf000;
inline int S_IFREG = 0x8000;

BEGIN
{
	printf("Tracing writes; Ctrl-C to end.\n");
}

syscall::write:entry,
syscall::pwrite64:entry,
syscall::writev:entry,
syscall::pwritev:entry,
syscall::pwritev2:entry
{
	this->f = ($target == 0 || pid == $target) && pid != $pid &&
	    arg0 < curthread->files->fdt->max_fds ?
	    curthread->files->fdt->fd[arg0] : NULL;
}

syscall::write:entry,
syscall::pwrite64:entry,
syscall::writev:entry,
syscall::pwritev:entry,
syscall::pwritev2:entry
/this->f != NULL && (this->f->f_inode->i_mode & S_IFMT) == S_IFREG/
{
	this->flags = this->f->f_flags;
	this->mode = this->flags & O_SYNC_BIT ? "O_SYNC" :
	    this->flags & O_DSYNC ? "O_DSYNC" : "-";
	this->name = stringof(this->f->f_path.dentry->d_name.name);
	@writes[execname, this->name, this->mode] = count();
}

syscall::write:entry,
syscall::pwrite64:entry
/this->f != NULL && (this->f->f_inode->i_mode & S_IFMT) == S_IFREG/
{
	@bytes[execname, this->name, this->mode] = sum(arg2);
}

END
{
	printf("%-16s %-24s %-8s %8s %12s\n", "COMM", "FILE", "MODE", "WRITES",
	    "BYTES");
	printa("%-16s %-24s %-8s %@8d %@12d\n", @writes, @bytes);
}
