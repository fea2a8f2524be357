/* Exercises (BTF): sizeof and offsetof on kernel struct types. */
BEGIN
{
	printf("task_struct=%d comm@%d pid@%d inode=%d\n", sizeof (struct task_struct),
	    offsetof(struct task_struct, comm), offsetof(struct task_struct, pid),
	    sizeof (struct inode));
	exit(0);
}
