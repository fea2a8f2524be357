/*
 * trace() of a char array member prints its bytes as DTrace for Linux
 * prints a by-reference value: the hex dump of tracemem().
 */
struct rec {
	int id;
	char name[8];
};

struct rec r;

BEGIN
{
	r.name[0] = 'f';
	r.name[1] = 'o';
	r.name[2] = 'o';
	trace(r.name);
	exit(0);
}
