struct bf {
	int a : 3;
	int b;
};

struct bf v;

BEGIN
{
	trace(&v.a); /* ERROR D_ADDROF_BITFIELD "^cannot take address of bit-field$" */
}
