/* @@trigger: echo hello > /tmp/dtrace-fbt-file; while :; do dd if=/tmp/dtrace-fbt-file of=/dev/null bs=4321 count=1 2>/dev/null; sleep 0.1; done */
/* @@timeout: 120 */
#pragma D option quiet

/*
 * A return probe's arg0 is -1 (where the function returned from is not
 * known) and arg1 its return value, args[1] typed as the function
 * returns it: the bytes read.
 */
fbt::vfs_read:entry
/execname == "dd" && args[2] == 4321/
{
	self->in = 1;
}

fbt::vfs_read:return
/self->in/
{
	printf("%d %d %d\n", arg0, args[1], sizeof(args[1]));
	exit(0);
}
