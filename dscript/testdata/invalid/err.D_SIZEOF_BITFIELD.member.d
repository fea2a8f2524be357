struct bf {
	int a : 3;
	int b;
};

struct bf v;

BEGIN
{
	trace(sizeof (v.a)); /* ERROR D_SIZEOF_BITFIELD "^cannot apply sizeof to a bit-field$" */
}
