/* @@runtest-opts: -q */

/*
 * Translated data used whole: a pointer to it or its value kept in
 * variables, traced (its bytes, every member the translator defines
 * translated, the others 0). (Translated data is of dynamic type, no
 * aggregation key: err.D_KEY_TYPE.xlate-key.)
 */
typedef struct num {
	int n_value;
	int n_square;
	char n_name[8];
	int n_undefined;
} num_t;

translator num_t < int N > {
	n_value = N;
	n_square = N * N;
	n_name = N == 3 ? "three" : "other";
};

/* Each clause's scratch memory (256 bytes) holds one psinfo_t. */
BEGIN
{
	this->p = curpsinfo;
	printf("pointer %d %d\n", this->p->pr_pid == pid, this->p->pr_ppid == ppid);
}

BEGIN
{
	this->l = curlwpsinfo;
	self->lwp = *this->l;
	printf("lwp %d %d %d\n", this->l->pr_lwpid == tid, self->lwp.pr_lwpid == tid,
	    self->lwp.pr_name == execname);
}

BEGIN
{
	ps = *curpsinfo;
	printf("value %d %d\n", ps.pr_pid == pid, ps.pr_fname == execname);
}

BEGIN
{
	trace(xlate <num_t> (3));
	trace(*xlate <num_t *> (4));
	trace(*xlate <cpuinfo_t *> (1));
	exit(0);
}
