/* Exercises (BTF): translator from struct task_struct * to a script-declared struct, used with xlate. */
struct mytask {
	int pid;
	int ppid;
	string comm;
	int exit_code;
};

translator struct mytask < struct task_struct *T > {
	pid = T->tgid;
	ppid = T->real_parent->tgid;
	comm = stringof(T->comm);
	exit_code = T->exit_code;
};

proc:::exit
{
	printf("%d (parent %d) %s exit %d\n",
	    xlate <struct mytask *> (curthread)->pid,
	    xlate <struct mytask *> (curthread)->ppid,
	    xlate <struct mytask *> (curthread)->comm,
	    xlate <struct mytask *> (curthread)->exit_code);
}
