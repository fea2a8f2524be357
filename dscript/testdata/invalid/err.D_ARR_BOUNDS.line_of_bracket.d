/* x[i] is reduced at its "]", without a lookahead. */
int a[2];

BEGIN
{
	trace(a[
	    7
	] /* ERROR D_ARR_BOUNDS "^index outside array bounds: 7, max is 2$" */
	);
}
