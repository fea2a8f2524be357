/* 0 cast to a pointer is a cast, not the constant 0: a non-alloca value. */
BEGIN /* ERROR D_ALLOCA_INCOMPAT "^a: cannot reuse the same identifier for both alloca and non-alloca allocations$" */
{
	a = (char *)alloca(1);
	a = (char *)0;
}
