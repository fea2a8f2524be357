BEGIN
{
	a[1, 2] = 1;
	a[3] = 2; /* ERROR D_PROTO_LEN "^a\[ \] prototype mismatch: 1 key passed, 2 expected$" */
}
