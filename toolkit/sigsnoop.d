#!/usr/bin/env -S dtrace -qs
/*
 * sigsnoop.d: every signal generated, whoever sends it: processes with
 * kill(2) and its kin, and the kernel itself (SIGCHLD when a child ends,
 * SIGSEGV on a bad access, SIGPIPE on a closed pipe, SIGALRM on a timer,
 * SIGKILL from the OOM killer). One line per signal as it is sent, and on
 * Ctrl-C the counts by sender, receiver and signal.
 *
 * Usage: ./sigsnoop.d            every signal
 *        ./sigsnoop.d -p PID     only the signals sent to PID
 *
 * Columns: TIME(s) since the tool started; FROM and FCOMM, the process
 * that was running when the signal was generated (for the kernel's own
 * signals, the process whose action caused it: the child that exited,
 * the process that faulted; for timers, whatever ran at that moment);
 * TO and TCOMM, the process that receives it; SIG, the signal.
 *
 * Probes: proc:::signal-send (the signal_generate tracepoint).
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
	start = timestamp;
	printf("%-10s %7s %-16s %7s %-16s %s\n", "TIME(s)", "FROM", "FCOMM", "TO",
	    "TCOMM", "SIG");
}

proc:::signal-send
/$target == 0 || args[1]->pr_pid == $target/
{
	this->t = timestamp - start;
	this->name = args[2] > 0 && args[2] < 32 ? sig[args[2]] :
	    strjoin("SIG", lltostr(args[2]));
	printf("%6d.%03d %7d %-16s %7d %-16s %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, pid, execname, args[1]->pr_pid,
	    args[1]->pr_fname, this->name);
	@sigs[execname, args[1]->pr_fname, this->name] = count();
}

END
{
	printf("\n%-16s %-16s %-10s %8s\n", "FROM", "TO", "SIG", "COUNT");
	printa("%-16s %-16s %-10s %@8d\n", @sigs);
}
