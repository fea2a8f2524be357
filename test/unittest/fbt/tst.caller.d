/* @@trigger: echo hello > /tmp/dtrace-fbt-file; while :; do dd if=/tmp/dtrace-fbt-file of=/dev/null bs=4321 count=1 2>/dev/null; sleep 0.1; done */
/* @@timeout: 120 */
#pragma D option quiet

/* Stacks start at the traced function's caller. */
fbt::vfs_read:entry
/execname == "dd" && arg2 == 4321/
{
	printf("%a\n", caller);
	stack(1);
	exit(0);
}
