/* Exercises: . and -> member access, chains of them, (*p).m equivalence and &-free pointer use. */
struct vec { int x; int y; };
struct seg { struct vec a; struct vec *b; struct seg *next; };

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
	printf("%d %d %d %d %d\n", this->s->a.x, (*this->s).a.y,
	    this->s->next->b->x, (*(*this->s).b).y, this->s->next->next->a.x);
}
