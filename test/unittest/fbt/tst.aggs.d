/* @@trigger: echo hello > /tmp/dtrace-fbt-file; while :; do dd if=/tmp/dtrace-fbt-file of=/dev/null bs=4321 count=1 2>/dev/null; sleep 0.1; done */
/* @@timeout: 120 */
#pragma D option quiet

/* Counting and sizing a function's calls, three of them. */
int r;

fbt::vfs_read:entry
/execname == "dd" && arg2 == 4321/
{
	self->in = 1;
}

fbt::vfs_read:return
/self->in && r < 3/
{
	self->in = 0;
	r++;
	@[execname] = count();
	@bytes = quantize(arg1);
}

fbt::vfs_read:return
/r == 3/
{
	exit(0);
}
