inline int twice[int n] = n * 2;

BEGIN
{
	trace(twice[1, 2]); /* ERROR D_PROTO_LEN "^twice\[ \] prototype mismatch: 2 keys passed, 1 expected$" */
}
