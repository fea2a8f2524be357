/* A negative constant index reads as a huge unsigned one. */
int a[5];

BEGIN
{
	trace(a[-1]); /* ERROR D_ARR_BOUNDS "^index outside array bounds: 18446744073709551615, max is 5$" */
}
