#!/usr/bin/env -S dtrace -qs
/*
 * mountsnoop.d: file systems mounted and unmounted: mount(2), umount2(2)
 * and the calls of the newer mount API (fsopen(2), fsmount(2),
 * move_mount(2)), one line per call as it returns.
 *
 * Usage: ./mountsnoop.d            every process
 *        ./mountsnoop.d -p PID     only PID
 *
 * Columns: TIME(s) since the tool started; PID and COMM; SYSCALL; RET, 0
 * (or the new descriptor of fsopen and fsmount) or the negative errno;
 * DETAILS: for mount(2) the source, the mount point, the file system
 * type and the flags (MS_* bits, in hex: 0x1 read-only, 0x1000 bind,
 * 0x20 remount); for umount2(2) the mount point and its flags; for
 * fsopen(2) the file system type; for move_mount(2) the mount point.
 * Containers and service managers mount a lot: this shows who mounted
 * what, when an unexpected mount (or a failing one) appears.
 *
 * Probes: syscall::mount, umount (umount2), fsopen, fsmount, move_mount
 * entry and return.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %-10s %4s %s\n", "TIME(s)", "PID", "COMM",
	    "SYSCALL", "RET", "DETAILS");
}

syscall::mount:entry
/$target == 0 || pid == $target/
{
	self->details = strjoin(strjoin(strjoin(
	    arg0 ? copyinstr(arg0) : "none", " on "),
	    strjoin(arg1 ? copyinstr(arg1) : "?", " type ")),
	    strjoin(strjoin(arg2 ? copyinstr(arg2) : "-", " flags "),
	    lltostr(arg3, 16)));
}

syscall::umount:entry
/$target == 0 || pid == $target/
{
	self->details = strjoin(strjoin(copyinstr(arg0), " flags "),
	    lltostr(arg1, 16));
}

syscall::fsopen:entry
/$target == 0 || pid == $target/
{
	self->details = strjoin("type ", copyinstr(arg0));
}

syscall::fsmount:entry
/$target == 0 || pid == $target/
{
	self->details = strjoin("from fs descriptor ", lltostr(arg0));
}

syscall::move_mount:entry
/$target == 0 || pid == $target/
{
	self->details = strjoin("to ", arg3 ? copyinstr(arg3) : "?");
}

syscall::mount:return,
syscall::umount:return,
syscall::fsopen:return,
syscall::fsmount:return,
syscall::move_mount:return
/self->details != NULL/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %-10s %4d %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname,
	    probefunc == "umount" ? "umount2" : probefunc,
	    (int)arg0 < 0 ? -errno : (int)arg0, self->details);
	self->details = 0;
}
