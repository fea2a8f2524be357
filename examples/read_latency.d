#!/usr/sbin/dtrace -qs
/*
 * Distribution of read(2) latency, in nanoseconds, per process.
 */
syscall::read:entry
{
	self->ts = timestamp;
}

syscall::read:return
/self->ts/
{
	@lat[execname] = quantize(timestamp - self->ts);
	self->ts = 0;
}

END
{
	printa(@lat);
}
