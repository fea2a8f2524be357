#!/usr/bin/env -S dtrace -qs
/*
 * uflow.d: the flow of a Python program's function calls, one line per
 * call and return, indented by depth, from the interpreter's USDT probes
 * (CPython built with --with-dtrace, as Debian's and Fedora's are).
 *
 * Usage: ./uflow.d -p PID
 *        ./uflow.d -c '/usr/bin/python3 script.py'
 *
 * Columns: CPU; TID, the thread; TIME(us), microseconds since the tool
 * started; then "->" for a call and "<-" for a return, indented two
 * spaces per level, with FILE:FUNCTION:LINE. CPython 3.11 (Debian 12's)
 * fires its call probe only where its interpreter loop starts afresh
 * (rarely: resuming a generator), not for ordinary calls, which it runs
 * inline, while every return fires: its flows are mostly returns, each
 * function shown as it returns to its caller. Output is large: point
 * it at a short run.
 *
 * Probes: python$target:::function-entry and function-return (arg0 the
 * file, arg1 the function, arg2 the line).
 */
#pragma D option quiet
#pragma D option switchrate=10hz
#pragma D option bufsize=16m

self int depth;	/* the thread's call depth */

BEGIN
{
	start = timestamp;
	printf("%3s %7s %10s -- %s\n", "CPU", "TID", "TIME(us)", "FUNCTION");
}

python$target:::function-entry
{
	printf("%3d %7d %10d %*s-> %s:%s:%d\n", cpu, tid,
	    (timestamp - start) / 1000, self->depth * 2, "",
	    copyinstr(arg0), copyinstr(arg1), arg2);
	self->depth++;
}

python$target:::function-return
{
	self->depth -= self->depth > 0 ? 1 : 0;
	printf("%3d %7d %10d %*s<- %s:%s:%d\n", cpu, tid,
	    (timestamp - start) / 1000, self->depth * 2, "",
	    copyinstr(arg0), copyinstr(arg1), arg2);
}
