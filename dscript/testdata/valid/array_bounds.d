/*
 * Constant indexes within bounds, and arrays of one element, which the
 * compiler does not check (a structure's variable-length tail).
 */
int a[5];
int one[1];

BEGIN
{
	a[0] = 1;
	a[4] = 2;
	trace(*(a + 4));
	trace(one[3]);
	trace(a[arg0]);
}
