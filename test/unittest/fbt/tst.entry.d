/* @@trigger: echo hello > /tmp/dtrace-fbt-file; while :; do dd if=/tmp/dtrace-fbt-file of=/dev/null bs=4321 count=1 2>/dev/null; sleep 0.1; done */
/* @@timeout: 120 */
#pragma D option quiet

/*
 * An entry probe's arguments are the function's, typed from its BTF
 * prototype: vfs_read(struct file *, char *, size_t, loff_t *).
 */
fbt::vfs_read:entry
/execname == "dd" && args[2] == 4321/
{
	printf("%s:%s:%s:%s %s %d\n", probeprov, probemod, probefunc, probename,
	    stringof(args[0]->f_path.dentry->d_name.name), args[2]);
	exit(0);
}
