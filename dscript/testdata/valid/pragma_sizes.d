/* Exercises: size-valued options with k/m/g suffixes: bufsize, aggsize, dynvarsize, strsize, specsize. */
#pragma D option bufsize=4m
#pragma D option aggsize=16m
#pragma D option dynvarsize=32m
#pragma D option strsize=512
#pragma D option specsize=1g
#pragma D option bufsize=512k

syscall::openat:entry
{
	@[copyinstr(arg1)] = count();
}
