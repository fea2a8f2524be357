/* print() of a pointer to a type without a size. */

BEGIN
{
	print((void *)0);
	exit(0);
}
