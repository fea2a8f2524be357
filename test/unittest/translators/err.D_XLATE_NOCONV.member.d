/*
 * A member the translator does not define may not be read.
 */
typedef struct two {
	int t_a;
	int t_b;
} two_t;

translator two_t < int N > {
	t_a = N;
};

BEGIN
{
	trace(xlate <two_t *> (1)->t_b);
	exit(0);
}
