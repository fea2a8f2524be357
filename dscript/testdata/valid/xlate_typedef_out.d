/* Exercises: translator whose output type is a typedef'd struct, with string and ternary member expressions. */
struct proc_raw {
	int p_pid;
	int p_flags;
	char p_comm[16];
};

typedef struct procinfo {
	int pid;
	string name;
	int zombie;
} procinfo_t;

translator procinfo_t < struct proc_raw *p > {
	pid = p->p_pid;
	name = stringof(p->p_comm);
	zombie = (p->p_flags & 0x4) ? 1 : 0;
};

syscall::wait4:entry
{
	this->p = (struct proc_raw *)copyin(arg1, sizeof (struct proc_raw));
	printf("%d %s %d\n", xlate <procinfo_t> (this->p).pid,
	    xlate <procinfo_t> (this->p).name, xlate <procinfo_t> (this->p).zombie);
}
