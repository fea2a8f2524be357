/* @@nosort */
#pragma D option quiet

/* llquantize() of variables and expressions. */
int x;

BEGIN
{
	x = 123;
	this->y = 12;
	@ = llquantize(x * 2, 10, 1, 3, 10);
	@ = llquantize(x, 10, 1, 3, 10);
	@ = llquantize(this->y, 10, 1, 3, 10);
	exit(0);
}
