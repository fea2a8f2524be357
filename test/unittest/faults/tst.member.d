#pragma D option quiet

/*
 * A member read through a NULL kernel pointer faults at address 0, as
 * dtrace-utils checks the pointer before adding the offset.
 */
BEGIN
{
	this->t = (struct task_struct *)0;
	trace(this->t->pid);
}

BEGIN
{
	this->t = (struct task_struct *)0;
	trace(this->t->comm);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
