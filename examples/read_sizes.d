#!/usr/sbin/dtrace -qs
/*
 * Sizes of successful reads per process, on a log-linear scale (ten steps
 * per power of ten, from 1 byte to 10 MB), and the parent of each reader.
 */
syscall::read:return
/(long)arg0 > 0/
{
	@bytes[execname] = llquantize(arg0, 10, 0, 6, 10);
	parent[pid] = ppid;
}

END
{
	printa(@bytes);
}
