#pragma D option quiet

/*
 * The probes are enabled before BEGIN fires, but record nothing before
 * it: dtrace's own system call that fires BEGIN (bpf(), which enters
 * after the probes are attached) runs no clause, and BEGIN's record comes
 * first.
 */
int began;

syscall::bpf:entry
/pid == $pid/
{
	printf("bpf() entered %s BEGIN\n", began ? "after" : "before");
}

BEGIN
{
	began = 1;
	printf("BEGIN\n");
}

BEGIN
{
	exit(0);
}
