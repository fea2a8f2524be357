#!/usr/bin/env -S dtrace -qs
/*
 * filelife.d: short-lived files: each file created and then deleted
 * while the tool runs, one line when it is deleted, with how long it
 * lived.
 *
 * Usage: ./filelife.d            every process
 *        ./filelife.d -p PID     only files PID deletes
 *
 * Columns: TIME(s) since the tool started, when the file was deleted;
 * PID and COMM of the process that deleted it; AGE(s), from its creation
 * to its deletion, milliseconds after the dot; CREATOR, the program that
 * created it; FILE, its path as the programs named it. Temporary files
 * that live for milliseconds (compilers, package managers, editors'
 * swap files) could often live in memory instead; a file rewritten by
 * creating a new one and deleting the old shows up too.
 *
 * A file is matched by the path the programs use: one created by a
 * relative path and deleted by an absolute one (or renamed between) is
 * not shown. Only files the open really created count (open(2) with
 * O_CREAT of a file that already existed is not a creation).
 *
 * Probes: syscall::creat, open, openat, openat2 (with O_CREAT) and
 * unlink, unlinkat entry and return; whether the open created the file
 * from the new file's f_mode (FMODE_CREATED).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

inline int O_CREAT = 0x40;
inline int FMODE_CREATED = 0x100000;

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %10s %-16s %s\n", "TIME(s)", "PID", "COMM",
	    "AGE(s)", "CREATOR", "FILE");
}

syscall::creat:entry
{
	self->cpath = arg0;
}

syscall::open:entry
/arg1 & O_CREAT/
{
	self->cpath = arg0;
}

syscall::openat:entry
/arg2 & O_CREAT/
{
	self->cpath = arg1;
}

syscall::openat2:entry
{
	this->how = (struct open_how *)copyin(arg2, sizeof(struct open_how));
	self->cpath = this->how->flags & O_CREAT ? arg1 : 0;
}

syscall::creat:return,
syscall::open:return,
syscall::openat:return,
syscall::openat2:return
/self->cpath && (int)arg0 >= 0 && arg0 < curthread->files->fdt->max_fds &&
    curthread->files->fdt->fd[arg0]->f_mode & FMODE_CREATED/
{
	this->path = copyinstr(self->cpath);
	born[this->path] = timestamp;
	creator[this->path] = execname;
}

syscall::creat:return,
syscall::open:return,
syscall::openat:return,
syscall::openat2:return
{
	self->cpath = 0;
}

syscall::unlink:entry
/$target == 0 || pid == $target/
{
	self->upath = copyinstr(arg0);
	self->unlinking = 1;
}

syscall::unlinkat:entry
/$target == 0 || pid == $target/
{
	self->upath = copyinstr(arg1);
	self->unlinking = 1;
}

syscall::unlink:return,
syscall::unlinkat:return
/self->unlinking && arg0 == 0 && born[self->upath]/
{
	this->now = timestamp;
	this->t = this->now - start;
	this->age = (this->now - born[self->upath]) / 1000000;
	printf("%6d.%03d %7d %-16s %6d.%03d %-16s %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname, this->age / 1000,
	    this->age % 1000, creator[self->upath], self->upath);
	born[self->upath] = 0;
	creator[self->upath] = 0;
}

syscall::unlink:return,
syscall::unlinkat:return
/self->unlinking/
{
	self->upath = 0;
	self->unlinking = 0;
}
