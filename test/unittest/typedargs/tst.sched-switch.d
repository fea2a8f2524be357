#pragma D option quiet

/*
 * sched_switch's arguments are typed from the kernel's BTF: args[1] is the
 * task switched out (struct task_struct *), the thread that fires the
 * probe.
 */
sdt:sched::sched_switch
/args[1]->pid == tid/
{
	printf("%s %d\n", args[1]->comm == execname ? "prev is current" : "prev is another", sizeof(args[2]->comm));
	exit(0);
}
