#!/usr/bin/env -S dtrace -qs
/*
 * vfsstat.d: the virtual file system's busiest operations counted each
 * interval, system-wide: reads, writes, fsyncs, opens and creations,
 * whatever the file system (ext4, xfs, tmpfs, procfs, pipes' pipefs).
 *
 * Usage: ./vfsstat.d         a line a second
 *        ./vfsstat.d 5       a line every 5 seconds (counts per second)
 *
 * Columns: TIME; READ/s, WRITE/s (vfs_read, vfs_write: read(2), write(2)
 * and their kin on every kind of file), FSYNC/s, OPEN/s (every file
 * opened), CREATE/s (files created), each per second over the interval.
 * A workload's character at a glance: how much of its I/O is small
 * reads and writes, how often it opens files and syncs them. Compare
 * with iostat(1): VFS calls that never reach a disk are cache hits (or
 * pipes, sockets and /proc).
 *
 * Probes: fbt::vfs_read, vfs_write, vfs_fsync_range, vfs_open,
 * vfs_create entry (kernel functions: this needs a kernel where fbt
 * probes attach, fentry or kprobes).
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = $1 > 0 ? $1 : 1;
	printf("%-20s %8s %8s %8s %8s %8s\n", "TIME", "READ/s", "WRITE/s",
	    "FSYNC/s", "OPEN/s", "CREATE/s");
	reads = 0; writes = 0; fsyncs = 0; opens = 0; creates = 0;
}

fbt::vfs_read:entry { reads++; }
fbt::vfs_write:entry { writes++; }
fbt::vfs_fsync_range:entry { fsyncs++; }
fbt::vfs_open:entry { opens++; }
fbt::vfs_create:entry { creates++; }

tick-1s
/++secs >= interval/
{
	printf("%-20Y %8d %8d %8d %8d %8d\n", walltimestamp, reads / secs,
	    writes / secs, fsyncs / secs, opens / secs, creates / secs);
	reads = 0; writes = 0; fsyncs = 0; opens = 0; creates = 0;
	secs = 0;
}
