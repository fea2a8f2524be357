/* @@runtest-opts: -q */

/*
 * Translators: xlate<T *>(p)->m and xlate<T>(p).m, through an inline,
 * nested (a translator whose member translates again), from a value
 * (an integer input) and from a D variable. Only the members a clause
 * reads are translated: the member "bad" would fault.
 */
typedef struct info {
	int i_pid;
	int i_twice;
	int i_bad;
	char i_comm[16];
	uint64_t i_nested;
} info_t;

typedef struct num {
	int n_value;
	int n_square;
} num_t;

translator num_t < int N > {
	n_value = N;
	n_square = N * N;
};

translator info_t < struct task_struct *T > {
	i_pid = T->tgid;
	i_twice = T->tgid * 2;
	i_bad = *(int *)0;
	i_comm = T->comm;
	i_nested = xlate <num_t *> (T->tgid)->n_square;
};

inline info_t *me = xlate <info_t *> (curthread);

BEGIN
{
	printf("pointer %d\n", xlate <info_t *> (curthread)->i_pid == pid);
	printf("value %d\n", xlate <info_t> (curthread).i_twice == 2 * pid);
	printf("inline %d %d\n", me->i_pid == pid, me->i_twice == 2 * pid);
	printf("comm %s\n", stringof(me->i_comm));
	printf("nested %d\n", me->i_nested == pid * pid);
	printf("integer %d %d\n", xlate <num_t *> (7)->n_value, xlate <num_t> (7).n_square);
	this->n = 12;
	printf("variable %d\n", xlate <num_t *> (this->n)->n_square);
	exit(0);
}
