BEGIN
{
	@a[1] = count();
	@a[1, 2] = count(); /* ERROR D_PROTO_LEN "^@a\[ \] prototype mismatch: 2 keys passed, 1 expected$" */
}
