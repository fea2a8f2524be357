#!/usr/bin/env -S dtrace -qs
/*
 * softirqs.d: time spent in soft interrupts (the kernel's deferred
 * interrupt work: network receive and transmit, timers, block I/O
 * completion, RCU, scheduler balancing), by kind.
 *
 * Usage: ./softirqs.d          one summary on Ctrl-C
 *        ./softirqs.d 5        a summary every 5 seconds
 *
 * Columns: SOFTIRQ, the kind (NET_RX: packets received, NET_TX: sent,
 * TIMER, HRTIMER, BLOCK: block I/O completions, RCU, SCHED, TASKLET,
 * IRQ_POLL, HI); COUNT, how many times it ran; TOTAL(us), the time it
 * took; AVG(us). A system busy with network traffic spends its CPU in
 * NET_RX here rather than in any process, which top(1) shows only as
 * "si"; a ksoftirqd thread busy in top means this work overflowed into
 * it.
 *
 * Probes: sdt:irq::softirq_entry and softirq_exit.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	name[0] = "HI"; name[1] = "TIMER"; name[2] = "NET_TX";
	name[3] = "NET_RX"; name[4] = "BLOCK"; name[5] = "IRQ_POLL";
	name[6] = "TASKLET"; name[7] = "SCHED"; name[8] = "HRTIMER";
	name[9] = "RCU";
	interval = $1;
	printf("Tracing soft interrupts... Hit Ctrl-C to end.\n");
}

sdt:irq::softirq_entry
{
	entered[cpu] = timestamp;
}

sdt:irq::softirq_exit
/entered[cpu]/
{
	this->kind = args[0] < 10 ? name[args[0]] : lltostr(args[0]);
	this->us = (timestamp - entered[cpu]) / 1000;
	@count[this->kind] = count();
	@total[this->kind] = sum(this->us);
	@avg[this->kind] = avg(this->us);
	entered[cpu] = 0;
}

tick-1s
/interval > 0 && ++secs >= interval/
{
	printf("\n%Y\n", walltimestamp);
	printf("%-10s %10s %12s %8s\n", "SOFTIRQ", "COUNT", "TOTAL(us)", "AVG(us)");
	printa("%-10s %@10d %@12d %@8d\n", @count, @total, @avg);
	clear(@count);
	clear(@total);
	clear(@avg);
	secs = 0;
}

END
/interval == 0/
{
	printf("\n%-10s %10s %12s %8s\n", "SOFTIRQ", "COUNT", "TOTAL(us)",
	    "AVG(us)");
	printa("%-10s %@10d %@12d %@8d\n", @count, @total, @avg);
}
