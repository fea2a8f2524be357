#pragma D option quiet

/*
 * dtrace fires tick-N itself, from its own thread: no kernel frame is the
 * traced code's, and stack() and stackdepth show none (not dtrace's
 * own system call).
 */
tick-1
{
	printf("stackdepth %d caller %x\n", stackdepth, caller);
	stack();
	printf("end\n");
	exit(0);
}
