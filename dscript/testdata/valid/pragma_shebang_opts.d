#!/usr/sbin/dtrace -s
/* Exercises: shebang line followed by several pragmas at the top of a script. */
#pragma D option quiet
#pragma D option bufsize=8m
#pragma D option switchrate=10hz
#pragma D option aggsortkey

syscall::read:entry { @r[execname] = count(); }
tick-1sec { printa(@r); trunc(@r); }
