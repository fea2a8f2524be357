#pragma D option quiet

/* Nested structs and arrays of structs. */
struct point {
	int x;
	int y;
};

struct line {
	struct point from;
	struct point to;
};

struct shape {
	int kind;
	struct line edges[3];
};

struct shape s;

BEGIN
{
	s.kind = 2;
	s.edges[0].from.x = 1;
	s.edges[0].to.y = 2;
	i = 2;
	s.edges[i].to.x = 30;
	s.edges[1].from = s.edges[0].to;
	printf("%d %d %d %d %d %d\n", s.kind, s.edges[0].from.x, s.edges[0].to.y,
	    s.edges[i].to.x, s.edges[1].from.y, s.edges[1].from.x);
	printf("%d %d\n", sizeof (s), sizeof (s.edges[1]));
	exit(0);
}
