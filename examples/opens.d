#!/usr/sbin/dtrace -qs
/*
 * Print every file opened, with the process that opened it and the errno
 * of a failed call.
 */
#pragma D option switchrate=10hz

syscall::openat:entry
{
	self->path = arg1;
}

syscall::openat:return
/self->path/
{
	printf("%-16s %6d %3d %s\n", execname, pid, (int)arg0 < 0 ? errno : 0,
	    copyinstr(self->path));
	self->path = 0;
}
