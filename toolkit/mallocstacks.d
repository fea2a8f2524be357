#!/usr/bin/env -S dtrace -qs
/*
 * mallocstacks.d: where a process allocates memory: the bytes asked of
 * malloc(3), summed by the user stack that asked, printed on Ctrl-C (or
 * when the -c command ends).
 *
 * Usage: ./mallocstacks.d -p PID
 *        ./mallocstacks.d -c 'CMD ARGS'
 *
 *   One process at a time: every process using malloc, including those
 *   started after the tool, needs the pid provider to instrument every
 *   process using a library (pid:::), which dtrace-go does not have yet.
 *
 * Output: the 10 stacks that asked for the most bytes, the most last:
 * the user stack (malloc's caller first), then BYTES, the total asked
 * for there, and CALLS. This is allocation, not memory in use: frees
 * are not subtracted, so a stack high here is churn (allocating and
 * freeing over and over, a cost of its own) as often as growth. Each
 * call costs a breakpoint trap (a few microseconds): a program calling
 * malloc a million times a second slows down noticeably.
 *
 * Probes: pid$target::malloc:entry (arg0, the size).
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing malloc() in pid %d... Hit Ctrl-C to end.\n", $target);
}

pid$target::malloc:entry
{
	@bytes[ustack()] = sum(arg0);
	@calls[ustack()] = count();
}

END
{
	trunc(@bytes, 10);
	printa("%-8k        BYTES %@d CALLS %@d\n\n", @bytes, @calls);
}
