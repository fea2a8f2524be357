/* trace() of a char array member prints it as a string. */
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
