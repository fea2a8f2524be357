/* Exercises: sched provider on-cpu/off-cpu with thread-local timing. */
sched:::on-cpu
{
	self->on = timestamp;
}

sched:::off-cpu
/self->on/
{
	@oncpu[execname] = sum(timestamp - self->on);
	self->on = 0;
}
