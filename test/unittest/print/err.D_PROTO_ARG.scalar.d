/* print() takes a pointer: what it points to is printed. */

BEGIN
{
	print(1);
	exit(0);
}
