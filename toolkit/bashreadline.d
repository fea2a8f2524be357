#!/usr/bin/env -S dtrace -qs
/*
 * bashreadline.d: the command lines typed into an interactive bash, one
 * line each as bash reads it (its readline() returns), whatever the
 * command does afterwards: a record of what was typed at a terminal.
 *
 * Usage: ./bashreadline.d -p PID            the bash whose pid is PID
 *        ./bashreadline.d -c 'bash -i'      a new interactive bash
 *
 *   Every bash on the system, including shells started after the tool,
 *   needs the pid provider to instrument every process running a program
 *   (pid:::, not one process at a time), which dtrace-go does not have
 *   yet: until then, one bash at a time, by its pid (echo $$ in it).
 *
 * Columns: TIME, the wall-clock time; PID of the shell; COMMAND, the line
 * as typed (history expansion not yet applied). Empty lines show too.
 * Other programs using GNU readline (python's REPL, gdb) can be traced
 * the same way: they call the same function.
 *
 * Probes: pid$target::readline:return (the line it returns, arg1).
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	printf("%-20s %7s %s\n", "TIME", "PID", "COMMAND");
}

pid$target::readline:return
/arg1 != 0/
{
	printf("%-20Y %7d %s\n", walltimestamp, pid, copyinstr(arg1));
}
