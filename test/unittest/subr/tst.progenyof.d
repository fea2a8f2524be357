#pragma D option quiet

/*
 * progenyof(pid): the current process is pid or one of its descendants.
 * BEGIN runs in dtrace itself.
 */
BEGIN
{
	printf("%d %d %d %d\n", progenyof($pid), progenyof($ppid), progenyof(1),
	    progenyof(-1));
	exit(0);
}
