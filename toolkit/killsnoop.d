#!/usr/bin/env -S dtrace -qs
/*
 * killsnoop.d: signals sent with kill(2), tkill(2) and tgkill(2), one line
 * per call as it returns: who sent which signal to whom, and whether the
 * call succeeded.
 *
 * Usage: ./killsnoop.d            every sender
 *        ./killsnoop.d -p PID     only the signals PID sends
 *
 * Columns: TIME(s) since the tool started; PID and COMM of the sender;
 * SIG, the signal's name (signal 0 only tests that the target exists);
 * TPID, the target: a process id, for tgkill(2) the thread id, 0 the
 * sender's process group, -N process group N, -1 every process the
 * sender may signal; RESULT, 0 or the errno the call failed with (3
 * ESRCH: no such process, 1 EPERM: not allowed). Find out who keeps
 * killing a daemon, or which supervisor sends SIGKILL after SIGTERM.
 * Signals the kernel sends itself (SIGSEGV, SIGCHLD, SIGPIPE) do not
 * pass through these calls: sigsnoop.d shows them.
 *
 * Probes: syscall::kill, tkill, tgkill entry and return.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	sig[0] = "0"; sig[1] = "SIGHUP"; sig[2] = "SIGINT";
	sig[3] = "SIGQUIT"; sig[4] = "SIGILL"; sig[5] = "SIGTRAP";
	sig[6] = "SIGABRT"; sig[7] = "SIGBUS"; sig[8] = "SIGFPE";
	sig[9] = "SIGKILL"; sig[10] = "SIGUSR1"; sig[11] = "SIGSEGV";
	sig[12] = "SIGUSR2"; sig[13] = "SIGPIPE"; sig[14] = "SIGALRM";
	sig[15] = "SIGTERM"; sig[16] = "SIGSTKFLT"; sig[17] = "SIGCHLD";
	sig[18] = "SIGCONT"; sig[19] = "SIGSTOP"; sig[20] = "SIGTSTP";
	sig[21] = "SIGTTIN"; sig[22] = "SIGTTOU"; sig[23] = "SIGURG";
	sig[24] = "SIGXCPU"; sig[25] = "SIGXFSZ"; sig[26] = "SIGVTALRM";
	sig[27] = "SIGPROF"; sig[28] = "SIGWINCH"; sig[29] = "SIGIO";
	sig[30] = "SIGPWR"; sig[31] = "SIGSYS";
	start = timestamp;
	printf("%-10s %7s %-16s %-9s %7s %6s\n", "TIME(s)", "PID", "COMM", "SIG",
	    "TPID", "RESULT");
}

syscall::kill:entry,
syscall::tkill:entry
/$target == 0 || pid == $target/
{
	self->tpid = (int)arg0;
	self->sig = (int)arg1;
	self->in = 1;
}

syscall::tgkill:entry
/$target == 0 || pid == $target/
{
	self->tpid = (int)arg1;
	self->sig = (int)arg2;
	self->in = 1;
}

syscall::kill:return,
syscall::tkill:return,
syscall::tgkill:return
/self->in/
{
	this->t = timestamp - start;
	printf("%6d.%03d %7d %-16s %-9s %7d %6d\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname,
	    self->sig >= 0 && self->sig < 32 ? sig[self->sig] :
	    strjoin("SIG", lltostr(self->sig)), self->tpid,
	    (int)arg0 < 0 ? errno : 0);
	self->in = 0;
}
