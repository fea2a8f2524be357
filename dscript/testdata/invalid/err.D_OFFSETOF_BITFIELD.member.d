struct bf {
	int a : 3;
	int b;
};

struct bf v;

BEGIN
{
	trace(offsetof(struct bf, a)); /* ERROR D_OFFSETOF_BITFIELD "^cannot take offset of a bit-field: a$" */
}
