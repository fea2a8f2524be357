/* An array plus a constant is checked as an index is. */
int a[5];

BEGIN
{
	trace(*(a + 6)); /* ERROR D_ARR_BOUNDS "^index outside array bounds: 6, max is 5$" */
}
