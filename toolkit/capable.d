#!/usr/bin/env -S dtrace -qs
/*
 * capable.d: the kernel's capability checks (capable(), ns_capable() and
 * their kin), one line per check as it happens: which privilege a
 * program needed, and whether it had it. On Ctrl-C, the counts by
 * program, capability and verdict.
 *
 * Usage: ./capable.d            every process
 *        ./capable.d -p PID     only PID's checks
 *
 * Columns: TIME(s) since the tool started; UID, PID, COMM of the process
 * checked; CAP, the capability's number and NAME (capabilities(7));
 * VERDICT, "allow" or "deny". Running a program as root while this runs
 * lists the capabilities it really uses: the set to grant it (with
 * setcap(8) or a unit's AmbientCapabilities=) instead of root. A "deny"
 * explains an EPERM nothing else explains. Some checks are made
 * speculatively (the kernel asks, and takes another path when denied),
 * so a "deny" is not always an error the program sees.
 *
 * Probes: sdt:capability::cap_capable (its cap and ret arguments).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	cap[0] = "CAP_CHOWN"; cap[1] = "CAP_DAC_OVERRIDE";
	cap[2] = "CAP_DAC_READ_SEARCH"; cap[3] = "CAP_FOWNER";
	cap[4] = "CAP_FSETID"; cap[5] = "CAP_KILL"; cap[6] = "CAP_SETGID";
	cap[7] = "CAP_SETUID"; cap[8] = "CAP_SETPCAP";
	cap[9] = "CAP_LINUX_IMMUTABLE"; cap[10] = "CAP_NET_BIND_SERVICE";
	cap[11] = "CAP_NET_BROADCAST"; cap[12] = "CAP_NET_ADMIN";
	cap[13] = "CAP_NET_RAW"; cap[14] = "CAP_IPC_LOCK";
	cap[15] = "CAP_IPC_OWNER"; cap[16] = "CAP_SYS_MODULE";
	cap[17] = "CAP_SYS_RAWIO"; cap[18] = "CAP_SYS_CHROOT";
	cap[19] = "CAP_SYS_PTRACE"; cap[20] = "CAP_SYS_PACCT";
	cap[21] = "CAP_SYS_ADMIN"; cap[22] = "CAP_SYS_BOOT";
	cap[23] = "CAP_SYS_NICE"; cap[24] = "CAP_SYS_RESOURCE";
	cap[25] = "CAP_SYS_TIME"; cap[26] = "CAP_SYS_TTY_CONFIG";
	cap[27] = "CAP_MKNOD"; cap[28] = "CAP_LEASE";
	cap[29] = "CAP_AUDIT_WRITE"; cap[30] = "CAP_AUDIT_CONTROL";
	cap[31] = "CAP_SETFCAP"; cap[32] = "CAP_MAC_OVERRIDE";
	cap[33] = "CAP_MAC_ADMIN"; cap[34] = "CAP_SYSLOG";
	cap[35] = "CAP_WAKE_ALARM"; cap[36] = "CAP_BLOCK_SUSPEND";
	cap[37] = "CAP_AUDIT_READ"; cap[38] = "CAP_PERFMON";
	cap[39] = "CAP_BPF"; cap[40] = "CAP_CHECKPOINT_RESTORE";
	start = timestamp;
	printf("%-10s %6s %7s %-16s %4s %-22s %s\n", "TIME(s)", "UID", "PID",
	    "COMM", "CAP", "NAME", "VERDICT");
}

sdt:capability::cap_capable
/$target == 0 || pid == $target/
{
	this->t = timestamp - start;
	this->name = args[3] >= 0 && args[3] <= 40 ? cap[args[3]] : "?";
	this->verdict = args[4] == 0 ? "allow" : "deny";
	printf("%6d.%03d %6d %7d %-16s %4d %-22s %s\n", this->t / 1000000000,
	    this->t / 1000000 % 1000, uid, pid, execname, args[3], this->name,
	    this->verdict);
	@checks[execname, this->name, this->verdict] = count();
}

END
{
	printf("\n%-16s %-22s %-7s %8s\n", "COMM", "NAME", "VERDICT", "COUNT");
	printa("%-16s %-22s %-7s %@8d\n", @checks);
}
