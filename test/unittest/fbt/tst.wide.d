/* @@trigger: echo hello > /tmp/dtrace-fbt-file; while :; do dd if=/tmp/dtrace-fbt-file of=/dev/null bs=4321 count=1 2>/dev/null; sleep 0.1; done */
/* @@timeout: 120 */
#pragma D option quiet

/*
 * A description matching many functions (attached with one kprobe_multi
 * link where the kernel has it): probefunc names the one that fired.
 */
fbt::vfs_*:entry
/execname == "dd" && probefunc == "vfs_read" && arg2 == 4321/
{
	printf("%s %s\n", probefunc, probename);
	exit(0);
}
