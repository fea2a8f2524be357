#!/usr/bin/env -S dtrace -qs
/*
 * oomkill.d: the out-of-memory killer's victims, one line each as the
 * kernel picks one: which process was killed, whose allocation
 * triggered it, and how big the victim was.
 *
 * Usage: ./oomkill.d
 *
 * Columns: TIME, the wall-clock time; TPID and TCOMM, the process whose
 * memory allocation could not be satisfied (for a cgroup's limit, a
 * process of that cgroup); VPID, VCOMM and VUID, the victim, which is
 * sent SIGKILL; VM(KB), the victim's virtual size; RSS(KB), its
 * resident anonymous and file memory (the kernel's approximate
 * counters). A victim unrelated to the trigger is the global OOM
 * killer picking the largest process; a victim in the same cgroup
 * (container) as the trigger is that cgroup's memory limit at work.
 * exitsnoop.d shows the victim's end ("signal SIGKILL").
 *
 * Probes: sdt:oom::mark_victim (the task chosen, and its uid).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-20s %7s %-16s %7s %-16s %6s %10s %10s\n", "TIME", "TPID",
	    "TCOMM", "VPID", "VCOMM", "VUID", "VM(KB)", "RSS(KB)");
}

sdt:oom::mark_victim
{
	this->mm = args[0]->mm;
	this->vm = this->mm != NULL ? this->mm->total_vm * 4 : 0;
	/* rss_stat[]: MM_FILEPAGES, MM_ANONPAGES, MM_SWAPENTS, MM_SHMEMPAGES */
	this->rss = this->mm != NULL ? (this->mm->rss_stat[0].count +
	    this->mm->rss_stat[1].count + this->mm->rss_stat[3].count) * 4 : 0;
	printf("%-20Y %7d %-16s %7d %-16s %6d %10d %10d\n", walltimestamp, pid,
	    execname, args[0]->tgid, stringof(args[0]->comm), args[1],
	    this->vm, this->rss);
}
