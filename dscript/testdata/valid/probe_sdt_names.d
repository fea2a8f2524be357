/* Exercises: probe names containing dashes and double underscores (sched:::sleep, sched:::wakeup). */
sched:::wakeup,
sched:::sleep,
sched:::enqueue,
sched:::dequeue
{
	@[probename] = count();
}
