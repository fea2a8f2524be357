/* Exercises: paired syscall entry/return clauses with latency via thread-locals. */
#pragma D option quiet

syscall::nanosleep:entry,
syscall::clock_nanosleep:entry
{
	self->ts = timestamp;
}

syscall::nanosleep:return,
syscall::clock_nanosleep:return
/self->ts/
{
	@slept[execname] = quantize(timestamp - self->ts);
	self->ts = 0;
}
