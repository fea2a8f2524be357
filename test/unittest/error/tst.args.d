#pragma D option quiet

/*
 * The ERROR probe fires for a fault with DTrace's arguments: arg0 0, arg1
 * the faulting probe's id, arg2 the clause, arg3 the BPF pc, arg4 the
 * fault code (DTRACEFLT_BADADDR is 1) and arg5 the address.
 */
ERROR
{
	printf("%s:%s:%s:%s id %d\n", probeprov, probemod, probefunc, probename, id);
	printf("arg0 %d arg1 %d arg2 %d arg3 %d arg4 %d arg5 %d\n", arg0, arg1, arg2, arg3, arg4, arg5);
}

BEGIN
{
	trace(*(int *)48);
}

BEGIN
{
	exit(0);
}
