/* Exercises: nested struct definitions, struct containing an inline struct and an array of structs. */
struct inner {
	short a;
	short b;
};

struct outer {
	struct inner in;
	struct inner arr[4];
	struct {
		int lo;
		int hi;
	} range;
	uint32_t flags;
};

BEGIN
{
	this->o = (struct outer *)alloca(sizeof (struct outer));
	this->o->in.a = 1;
	this->o->arr[2].b = 7;
	this->o->range.hi = 100;
	this->o->flags = 0x3;
	printf("%d %d %d %x\n", this->o->in.a, this->o->arr[2].b,
	    this->o->range.hi, this->o->flags);
}
