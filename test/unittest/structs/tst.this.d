#pragma D option quiet

/* A clause-local struct, declared, then one defined by assignment. */
struct pt {
	int x;
	int y;
};

this struct pt p;
struct pt g;

BEGIN
{
	this->p.x = 3;
	this->p.y = this->p.x * 2;
	g.x = 5;
	this->q = g;
	this->q.y = 9;
	printf("%d %d %d %d %d\n", this->p.x, this->p.y, this->q.x, this->q.y, g.y);
	exit(0);
}
