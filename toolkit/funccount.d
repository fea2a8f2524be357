#!/usr/bin/env -S dtrace -qs
/*
 * funccount.d: calls of a process's functions counted, for the
 * functions whose names match a pattern, printed on Ctrl-C (or when the
 * -c command ends).
 *
 * Usage: ./funccount.d -p PID 'PATTERN'
 *        ./funccount.d -c 'CMD ARGS' 'PATTERN'
 *
 *   PATTERN is a function name or a glob ('malloc', 'str*', 'pthread_*',
 *   '*' for every function: slow to attach in a large program), matched
 *   in the executable and every library it has loaded.
 *
 * Output: MODULE, the file name of the executable or library defining it;
 * FUNCTION and COUNT, the most called last. Counts answer "is this
 * function called at all, and how often": a cache's lookup and miss
 * functions, a retry path, an allocator. Each call costs a breakpoint
 * trap (a few microseconds), so counting a hot function slows the
 * process while the tool runs.
 *
 * Probes: pid$target::PATTERN:entry (uprobes at each function's entry).
 */
#pragma D option quiet

BEGIN
{
	printf("Counting calls of %s in pid %d... Hit Ctrl-C to end.\n", $$1,
	    $target);
}

pid$target::$1:entry
{
	@calls[probemod, probefunc] = count();
}

END
{
	printf("\n%-24s %-32s %10s\n", "MODULE", "FUNCTION", "COUNT");
	printa("%-24s %-32s %@10d\n", @calls);
}
