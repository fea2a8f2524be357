/* A variable that holds an alloca pointer may not hold another pointer. */
BEGIN
{
	a = (char *)alloca(1);
}

BEGIN /* ERROR D_ALLOCA_INCOMPAT "^a: cannot reuse the same identifier for both alloca and non-alloca allocations$" */
{
	a = (char *)arg0;
}
