/* A D variable has no address: print() of a struct variable is refused. */

struct foo {
	int	a;
};

struct foo s;

BEGIN
{
	print(s);
	exit(0);
}
