BEGIN
{
	a[1] = 1;
	trace(a[1, 2]); /* ERROR D_PROTO_LEN "^a\[ \] prototype mismatch: 2 keys passed, 1 expected$" */
}
