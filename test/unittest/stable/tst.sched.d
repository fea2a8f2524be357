/* @@pre: sh unittest/stable/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-stable/stablework-sleep */

/*
 * The sched provider: a process that sleeps ten times 10 ms, then spins
 * for 200 ms. Each sleep takes it off its CPU (sleep, dequeue, off-cpu)
 * and a timer wakes it (wakeup, enqueue, on-cpu); the spin takes clock
 * ticks. The counts are at least what the workload does: other things
 * may take it off its CPU too.
 */
int sleeps, offcpu, offother, dequeues, dequeuecpu, wakeups, wakeuptid;
int enqueues, oncpu, onproc, ticks, tickpid;

sched:::sleep
/pid == $target/
{
	self->slept = 1;
	sleeps++;
}

sched:::off-cpu
/self->slept/
{
	/* args[] are the thread switched to, not the one going off. */
	offcpu++;
	offother += args[0]->pr_lwpid != tid;
}

sched:::dequeue
/pid == $target/
{
	dequeues++;
	dequeuecpu += args[2]->cpu_id == cpu;
}

sched:::wakeup
/args[1]->pr_pid == $target/
{
	wakeups++;
	wakeuptid += args[0]->pr_lwpid == $target;
}

sched:::enqueue
/args[1]->pr_pid == $target/
{
	enqueues++;
}

sched:::on-cpu
/self->slept/
{
	self->slept = 0;
	oncpu++;
	onproc += curlwpsinfo->pr_state == SONPROC && curlwpsinfo->pr_sname == 'O';
}

sched:::tick
/pid == $target/
{
	ticks++;
	tickpid += args[1]->pr_pid == $target && args[0]->pr_lwpid == tid;
}

END
{
	printf("sleep %d\n", sleeps >= 10);
	printf("off-cpu %d, to another thread %d\n", offcpu >= 10, offother == offcpu);
	printf("dequeue %d, on its CPU %d\n", dequeues >= 10, dequeuecpu == dequeues);
	printf("wakeup %d, of the target %d\n", wakeups >= 10, wakeuptid == wakeups);
	printf("enqueue %d\n", enqueues >= 10);
	printf("on-cpu %d, running %d\n", oncpu >= 10, onproc == oncpu);
	printf("tick %d, of the target %d\n", ticks >= 1, tickpid == ticks);
}
