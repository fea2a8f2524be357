/* Exercises: typedef of an anonymous struct and of a tagged struct, used via -> and sizeof. */
typedef struct {
	int x;
	int y;
} point_t;

typedef struct rect {
	point_t tl;
	point_t br;
} rect_t;

BEGIN
{
	this->r = (rect_t *)alloca(sizeof (rect_t));
	this->r->tl.x = 1;
	this->r->tl.y = 2;
	this->r->br.x = 10;
	this->r->br.y = 20;
	printf("area=%d size=%d/%d\n",
	    (this->r->br.x - this->r->tl.x) * (this->r->br.y - this->r->tl.y),
	    sizeof (rect_t), sizeof (struct rect));
}
