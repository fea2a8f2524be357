/* Exercises (BTF): curthread-> members pid, tgid and comm (char array) of struct task_struct. */
#pragma D option quiet

syscall::execve:entry
{
	printf("%d/%d %s\n", curthread->tgid, curthread->pid, stringof(curthread->comm));
}
