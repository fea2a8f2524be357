#pragma D option quiet

/*
 * A member read through a NULL kernel pointer faults at the member's
 * address.
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
