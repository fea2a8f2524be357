#!/usr/sbin/dtrace -qs
/*
 * Exercises: a large "top"-like process activity monitor in the style of
 * the DTraceToolkit (execsnoop + procsystime + topsyscall combined).
 * Stresses: declared globals/arrays, enums, typedef'd structs, string
 * subroutines, nested if/else, ternary chains, many aggregations with
 * normalize/trunc/clear, printa with several aggregations, and a long
 * END report.
 */

#pragma D option quiet
#pragma D option aggsortrev
#pragma D option dynvarsize=8m
#pragma D option switchrate=20hz

inline int REFRESH = 3;
inline int MAXROWS = 20;
inline int UID_ROOT = 0;

enum evkind { EV_EXEC, EV_FORK, EV_EXIT, EV_SIGNAL, EV_MAX };

typedef struct procstat {
	uint64_t execs;
	uint64_t forks;
	uint64_t exits;
	uint64_t signals;
} procstat_t;

procstat_t ps;
uint64_t nevents[int];
string evname[int];
int interval;
uint64_t t_start;
uint64_t t_last;

BEGIN
{
	evname[EV_EXEC] = "exec";
	evname[EV_FORK] = "fork";
	evname[EV_EXIT] = "exit";
	evname[EV_SIGNAL] = "signal";
	interval = REFRESH;
	t_start = t_last = timestamp;
	printf("%-6s %-6s %-16s %-8s %s\n", "PID", "PPID", "COMM", "EVENT", "DETAIL");
}

/*
 * execsnoop: report new programs with their arguments.
 */
syscall::execve:entry
{
	self->path = copyinstr(arg0);
	self->argv = arg1;
}

syscall::execve:return
/self->argv && (int)arg0 == 0/
{
	this->av = (uintptr_t *)copyin(self->argv, 3 * sizeof (uintptr_t));
	this->a1 = this->av[1] != 0 ? copyinstr(this->av[1]) : "";
	this->a2 = this->av[1] != 0 && this->av[2] != 0 ?
	    copyinstr(this->av[2]) : "";
	printf("%-6d %-6d %-16s %-8s %s %s %s\n", pid, ppid, execname,
	    evname[EV_EXEC], self->path, this->a1, this->a2);
	ps.execs++;
	nevents[EV_EXEC]++;
	@execs[basename(self->path)] = count();
	@byuid[uid == UID_ROOT ? "root" : "user"] = count();
}

syscall::execve:return
/self->argv/
{
	self->path = 0;
	self->argv = 0;
}

/*
 * fork/clone
 */
proc:::create
{
	ps.forks++;
	nevents[EV_FORK]++;
	@forks[execname] = count();
}

/*
 * exits, classified by exit status
 */
syscall::exit_group:entry
{
	this->status = (int)arg0;
	ps.exits++;
	nevents[EV_EXIT]++;
	if (this->status == 0) {
		@exits[execname, "ok"] = count();
	} else if (this->status < 128) {
		@exits[execname, "error"] = count();
	} else {
		@exits[execname, "signalled"] = count();
	}
}

/*
 * signals sent with kill(2)/tgkill(2)
 */
syscall::kill:entry,
syscall::tgkill:entry
{
	this->sig = probefunc == "kill" ? (int)arg1 : (int)arg2;
	this->target = (int)arg0;
	ps.signals++;
	nevents[EV_SIGNAL]++;
	@sigs[execname, this->sig] = count();
	printf("%-6d %-6d %-16s %-8s sig %d -> %d\n", pid, ppid, execname,
	    evname[EV_SIGNAL], this->sig, this->target);
}

/*
 * procsystime: time spent in every system call, per process.
 */
syscall:::entry
/pid != $pid/
{
	self->sc_ts = timestamp;
}

syscall:::return
/self->sc_ts/
{
	this->d = timestamp - self->sc_ts;
	@sctime[execname, probefunc] = sum(this->d);
	@sccount[execname, probefunc] = count();
	@scmax[execname, probefunc] = max(this->d);
	self->sc_ts = 0;
}

/*
 * periodic refresh
 */
tick-1sec
{
	interval--;
}

tick-1sec
/interval <= 0/
{
	this->now = timestamp;
	this->span = (this->now - t_last) / 1000000000;
	this->span = this->span > 0 ? this->span : 1;
	printf("\n--- %Y (%d s) execs %d forks %d exits %d signals %d ---\n",
	    walltimestamp, this->span, ps.execs, ps.forks, ps.exits, ps.signals);
	normalize(@sccount, this->span);
	trunc(@sccount, MAXROWS);
	printf("%-16s %-20s %10s\n", "COMM", "SYSCALL", "CALLS/s");
	printa("%-16s %-20s %@10d\n", @sccount);
	clear(@sccount);
	t_last = this->now;
	interval = REFRESH;
}

END
{
	printf("\n==== summary after %d s ====\n",
	    (timestamp - t_start) / 1000000000);
	printf("%-8s %8d\n%-8s %8d\n%-8s %8d\n%-8s %8d\n",
	    evname[EV_EXEC], nevents[EV_EXEC],
	    evname[EV_FORK], nevents[EV_FORK],
	    evname[EV_EXIT], nevents[EV_EXIT],
	    evname[EV_SIGNAL], nevents[EV_SIGNAL]);

	printf("\nTop programs executed:\n");
	trunc(@execs, MAXROWS);
	printa("  %-24s %@8d\n", @execs);

	printf("\nExecs by user class:\n");
	printa("  %-8s %@8d\n", @byuid);

	printf("\nForks by parent:\n");
	printa("  %-16s %@8d\n", @forks);

	printf("\nExits:\n");
	printa("  %-16s %-10s %@8d\n", @exits);

	printf("\nSignals:\n");
	printa("  %-16s sig %-3d %@8d\n", @sigs);

	printf("\nSyscall time (ns) / max (ns):\n");
	trunc(@sctime, MAXROWS);
	trunc(@scmax, MAXROWS);
	printa("  %-16s %-20s %@14d %@12d\n", @sctime, @scmax);
}
