#pragma D option quiet

/* A struct in alloca'd memory, written and read through a pointer. */
struct vec {
	int x;
	int y;
};

struct seg {
	struct vec a;
	struct vec *b;
	struct seg *next;
	char tag[6];
};

BEGIN
{
	this->s = (struct seg *)alloca(sizeof (struct seg));
	this->v = (struct vec *)alloca(sizeof (struct vec));
	this->s->a.x = 1;
	(*this->s).a.y = 2;
	this->s->b = this->v;
	this->s->b->x = 3;
	(*this->s->b).y = 4;
	this->s->next = this->s;
	this->s->tag[0] = 'h';
	this->s->tag[1] = 'i';
	printf("%d %d %d %d %d %s\n", this->s->a.x, (*this->s).a.y,
	    this->s->next->b->x, (*(*this->s).b).y, this->s->next->next->a.x,
	    this->s->tag);
	exit(0);
}
