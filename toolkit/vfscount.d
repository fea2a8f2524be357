#!/usr/bin/env -S dtrace -qs
/*
 * vfscount.d: calls of every vfs_*() kernel function counted, printed on
 * Ctrl-C: which virtual file system operations a workload uses, and how
 * often.
 *
 * Usage: ./vfscount.d
 *
 * Output: FUNCTION and COUNT, the most called last. vfs_read and
 * vfs_write are the read(2) and write(2) family, vfs_open every open,
 * vfs_getattr stat(2) and its kin, vfs_statx the statx path,
 * vfs_fsync_range fsync(2) and fdatasync(2), vfs_unlink, vfs_rename,
 * vfs_mkdir the namespace changes. A surprise here (millions of
 * vfs_getattr, unexpected vfs_fsync_range) tells what to look at next
 * with statsnoop.d or syncsnoop.d.
 *
 * Probes: fbt::vfs_*:entry (kernel functions: this needs a kernel where
 * fbt probes attach, fentry or kprobes).
 */
#pragma D option quiet

BEGIN
{
	printf("Counting vfs_*() calls... Hit Ctrl-C to end.\n");
}

fbt::vfs_*:entry
{
	@calls[probefunc] = count();
}

END
{
	printf("\n%-32s %10s\n", "FUNCTION", "COUNT");
	printa("%-32s %@10d\n", @calls);
}
