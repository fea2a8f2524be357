/* Exercises (BTF): module-scoped type name struct vmlinux`task_struct in a cast and in sizeof. */
profile-99
{
	this->t = (struct vmlinux`task_struct *)curthread;
	@prio[this->t->prio] = count();
	@sz = max(sizeof (struct vmlinux`task_struct));
}
