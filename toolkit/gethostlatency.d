#!/usr/bin/env -S dtrace -qs
/*
 * gethostlatency.d: host name lookups made through the C library
 * (getaddrinfo(3), gethostbyname(3), gethostbyname2(3)), one line per
 * lookup as it returns, with how long it took: slow DNS seen from the
 * application's side, including /etc/hosts, nsswitch modules and the
 * resolver's retries.
 *
 * Usage: ./gethostlatency.d -p PID
 *        ./gethostlatency.d -c 'CMD ARGS'
 *
 *   One process at a time: every process on the system, including those
 *   started after the tool, needs the pid provider to instrument every
 *   process using a library (pid:::), which dtrace-go does not have yet.
 *
 * Columns: TIME, the wall-clock time; PID and COMM; LAT(ms), the call's
 * duration, microseconds after the dot; RET, 0 or getaddrinfo's error
 * (-2 EAI_NONAME: no such host; -3 EAI_AGAIN: temporary failure, often
 * a DNS timeout), for gethostbyname 0 when found and -1 when not; HOST,
 * the name looked up. Lookups of several seconds are a resolver timing
 * out on an unreachable name server before trying the next.
 *
 * Probes: pid$target::getaddrinfo, gethostbyname, gethostbyname2 entry
 * and return.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-20s %7s %-16s %10s %4s %s\n", "TIME", "PID", "COMM",
	    "LAT(ms)", "RET", "HOST");
}

pid$target::getaddrinfo:entry,
pid$target::gethostbyname:entry,
pid$target::gethostbyname2:entry
{
	self->host = arg0;
	self->ts = timestamp;
}

pid$target::getaddrinfo:return
/self->ts/
{
	this->ret = (int)arg1;
}

pid$target::gethostbyname:return,
pid$target::gethostbyname2:return
/self->ts/
{
	this->ret = arg1 != 0 ? 0 : -1;
}

pid$target::getaddrinfo:return,
pid$target::gethostbyname:return,
pid$target::gethostbyname2:return
/self->ts/
{
	this->us = (timestamp - self->ts) / 1000;
	printf("%-20Y %7d %-16s %6d.%03d %4d %s\n", walltimestamp, pid, execname,
	    this->us / 1000, this->us % 1000, this->ret,
	    self->host ? copyinstr(self->host) : "(null)");
	self->ts = 0;
	self->host = 0;
}
