#!/usr/bin/env -S dtrace -qs
/*
 * exitsnoop.d: every process that ends, with how long it lived and why it
 * ended, one line each as it happens.
 *
 * Usage: ./exitsnoop.d            every process
 *        ./exitsnoop.d -p PID     wait for PID to end (the tool ends then)
 *
 * Columns: COMM, PID, PPID (the parent that will reap it), TID (the last
 * thread, which ends the process); AGE(s), from the process's fork to its
 * end, milliseconds after the dot; EXIT, "code N" for exit(N), "signal
 * NAME" for a process a signal killed, with ", core dumped" when it
 * dumped core. Many short AGEs from one parent are a fork loop; a
 * process killed by SIGKILL with no kill(2) behind it (killsnoop.d) is
 * often the OOM killer's (oomkill.d). Ctrl-C prints the counts by EXIT.
 *
 * Probes: proc:::exit (sched_process_exit of a process's last thread);
 * the exit status is the task's exit_code.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	sig[1] = "SIGHUP"; sig[2] = "SIGINT"; sig[3] = "SIGQUIT";
	sig[4] = "SIGILL"; sig[5] = "SIGTRAP"; sig[6] = "SIGABRT";
	sig[7] = "SIGBUS"; sig[8] = "SIGFPE"; sig[9] = "SIGKILL";
	sig[10] = "SIGUSR1"; sig[11] = "SIGSEGV"; sig[12] = "SIGUSR2";
	sig[13] = "SIGPIPE"; sig[14] = "SIGALRM"; sig[15] = "SIGTERM";
	sig[16] = "SIGSTKFLT"; sig[17] = "SIGCHLD"; sig[18] = "SIGCONT";
	sig[19] = "SIGSTOP"; sig[20] = "SIGTSTP"; sig[21] = "SIGTTIN";
	sig[22] = "SIGTTOU"; sig[23] = "SIGURG"; sig[24] = "SIGXCPU";
	sig[25] = "SIGXFSZ"; sig[26] = "SIGVTALRM"; sig[27] = "SIGPROF";
	sig[28] = "SIGWINCH"; sig[29] = "SIGIO"; sig[30] = "SIGPWR";
	sig[31] = "SIGSYS";
	printf("%-16s %7s %7s %7s %10s %s\n", "COMM", "PID", "PPID", "TID",
	    "AGE(s)", "EXIT");
}

proc:::exit
/$target == 0 || pid == $target/
{
	this->age = (timestamp - curthread->group_leader->start_time) / 1000000;
	this->status = curthread->exit_code;
	this->sig = this->status & 0x7f;
	printf("%-16s %7d %7d %7d %6d.%03d ", execname, pid, ppid, tid,
	    this->age / 1000, this->age % 1000);
}

proc:::exit
/($target == 0 || pid == $target) && args[0] == CLD_EXITED/
{
	printf("code %d\n", (this->status >> 8) & 0xff);
	@exits[strjoin("code ", lltostr((this->status >> 8) & 0xff))] = count();
}

proc:::exit
/($target == 0 || pid == $target) && args[0] != CLD_EXITED/
{
	this->name = this->sig > 0 && this->sig < 32 ? sig[this->sig] :
	    strjoin("SIG", lltostr(this->sig));
	printf("signal %s%s\n", this->name,
	    args[0] == CLD_DUMPED ? ", core dumped" : "");
	@exits[strjoin("signal ", this->name)] = count();
}

END
{
	printf("\n%-24s %8s\n", "EXIT", "COUNT");
	printa("%-24s %@8d\n", @exits);
}
