#pragma D option quiet

/* A thread-local struct: assigned whole, then its members written and read. */
struct pt {
	int x;
	int y;
	char tag[4];
};

self struct pt sp;
struct pt g;

BEGIN
{
	g.x = 1;
	g.y = 2;
	g.tag[0] = 'g';
	self->sp = g;
	self->sp.y = 20;
	self->sp.tag[1] = 'h';
}

BEGIN
{
	printf("%d %d %s %d\n", self->sp.x, self->sp.y, self->sp.tag, g.y);
	exit(0);
}
