/* NULL is not the literal 0: it is a non-alloca value. */
BEGIN
{
	a = (char *)alloca(1);
	a = NULL; /* ERROR D_ALLOCA_INCOMPAT "^a: cannot reuse the same identifier for both alloca and non-alloca allocations$" */
}
