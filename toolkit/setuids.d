#!/usr/bin/env -S dtrace -qs
/*
 * setuids.d: changes of user and group identity (setuid(2), setgid(2),
 * setreuid(2), setresuid(2), setfsuid(2) and their gid kin), one line per
 * call as it returns: logins, su(1), sudo(8), daemons dropping root.
 *
 * Usage: ./setuids.d            every process
 *        ./setuids.d -p PID     only PID's calls
 *
 * Columns: TIME(s) since the tool started; PID and COMM; UID, the real
 * user id before the call; SYSCALL; ARGS, the ids asked for (-1 keeps
 * an id as it is); RESULT, 0 or the errno (1 EPERM: not allowed).
 * setfsuid(2) and setfsgid(2) return the previous id instead, shown as
 * "prev=N". A privileged process that should drop its privileges but
 * never calls these, or one whose call fails, is worth a look.
 *
 * Probes: syscall::set*uid, set*gid entry and return.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %7s %-16s %6s %-10s %-40s %s\n", "TIME(s)", "PID", "COMM",
	    "UID", "SYSCALL", "ARGS", "RESULT");
}

syscall::setuid:entry, syscall::setgid:entry,
syscall::setfsuid:entry, syscall::setfsgid:entry,
syscall::setreuid:entry, syscall::setregid:entry,
syscall::setresuid:entry, syscall::setresgid:entry
/$target == 0 || pid == $target/
{
	self->in = 1;
	self->uid = uid;
	self->a0 = (int)arg0;
	self->a1 = (int)arg1;
	self->a2 = (int)arg2;
}

syscall::setuid:return, syscall::setgid:return
/self->in/
{
	self->args = strjoin(probefunc == "setuid" ? "uid=" : "gid=",
	    lltostr(self->a0));
}

syscall::setreuid:return, syscall::setregid:return
/self->in/
{
	self->args = strjoin(strjoin("real=", lltostr(self->a0)),
	    strjoin(" effective=", lltostr(self->a1)));
}

syscall::setresuid:return, syscall::setresgid:return
/self->in/
{
	self->args = strjoin(strjoin(strjoin("real=", lltostr(self->a0)),
	    strjoin(" effective=", lltostr(self->a1))),
	    strjoin(" saved=", lltostr(self->a2)));
}

syscall::setfsuid:return, syscall::setfsgid:return
/self->in/
{
	self->args = strjoin(probefunc == "setfsuid" ? "fsuid=" : "fsgid=",
	    lltostr(self->a0));
}

syscall::setuid:return, syscall::setgid:return,
syscall::setreuid:return, syscall::setregid:return,
syscall::setresuid:return, syscall::setresgid:return
/self->in/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %6d %-10s %-40s %d\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname, self->uid, probefunc,
	    self->args, (int)arg0 < 0 ? errno : 0);
	self->in = 0;
}

syscall::setfsuid:return, syscall::setfsgid:return
/self->in/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %6d %-10s %-40s prev=%d\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, pid, execname,
	    self->uid, probefunc, self->args, (int)arg0);
	self->in = 0;
}
