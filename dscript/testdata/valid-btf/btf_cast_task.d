/* Exercises (BTF): explicit cast of curthread to (struct task_struct *) and pointer chasing via real_parent. */
proc:::exec-success
{
	this->t = (struct task_struct *)curthread;
	@parents[stringof(this->t->real_parent->comm), this->t->real_parent->pid] = count();
}
