#!/usr/bin/env -S dtrace -qs
/*
 * pycalls.d: a Python program's function calls counted by file and
 * function, printed on Ctrl-C (or when the -c command ends): a cheap
 * profile of what the program calls most, from the interpreter's USDT
 * probes (CPython built with --with-dtrace, as Debian's and Fedora's
 * are).
 *
 * Usage: ./pycalls.d -p PID
 *        ./pycalls.d -c '/usr/bin/python3 script.py'
 *
 * Output: the 20 most called functions, the most called last: FILE,
 * FUNCTION, CALLS. Calls are counted as they return, since CPython 3.11
 * (Debian 12's) fires its call probe only where its interpreter loop
 * starts afresh, not for ordinary calls, while every return fires (a
 * function still running when the tool ends is not counted yet).
 * "<frozen ...>" files are the interpreter's own modules.
 *
 * Probes: python$target:::function-return (arg0 the file, arg1 the
 * function).
 */
#pragma D option quiet

BEGIN
{
	printf("Counting Python calls in pid %d... Hit Ctrl-C to end.\n", $target);
}

python$target:::function-return
{
	@calls[copyinstr(arg0), copyinstr(arg1)] = count();
}

END
{
	trunc(@calls, 20);
	printf("\n%-40s %-30s %8s\n", "FILE", "FUNCTION", "CALLS");
	printa("%-40s %-30s %@8d\n", @calls);
}
