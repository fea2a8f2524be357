/* A constant index past a scalar array's end is refused at compile time. */
int a[5];

BEGIN
{
	a[5] = 1; /* ERROR D_ARR_BOUNDS "^index outside array bounds: 5, max is 5$" */
}
