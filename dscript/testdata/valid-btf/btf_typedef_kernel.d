/* Exercises (BTF): script typedef of a kernel struct type, then use in casts and declarations. */
typedef struct task_struct task_t;

task_t *last_task;

sched:::on-cpu
{
	last_task = (task_t *)curthread;
	@byprio[((task_t *)curthread)->prio] = count();
}
