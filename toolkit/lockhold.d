#!/usr/bin/env -S dtrace -qs
/*
 * lockhold.d: how long kernel locks are held (not only waited for, as
 * klockstat.d shows), by lock type and the code that held them: the
 * other half of lockstat(8)'s report.
 *
 * Usage: ./lockhold.d
 *
 * Waits for the lockstat provider (lockstat:::adaptive-release,
 * spin-release, rw-release with the hold time), which dtrace-go does not
 * have yet: the kernel's lock tracepoints (lock:contention_begin and
 * contention_end) mark only contended acquisitions, and nothing on this
 * kernel fires at every acquisition and release. Until then it prints
 * that in one line and exits with status 1.
 */
#pragma D option quiet

BEGIN
{
	printf("lockhold.d: waits for the lockstat provider (hold times at lockstat:::*-release), which dtrace-go does not have yet\n");
	exit(1);
}
