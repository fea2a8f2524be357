/*
 * Exercises: the typedef-name problem.  foo_t is a typedef used in casts,
 * sizeof, declarations and as an associative-array key type; "len" is
 * declared as a struct member first and then also as a typedef name, so
 * "->len", ".len" and offsetof(..., len) must still resolve the member.
 */
typedef int foo_t;

struct buf {
	foo_t len;
	char data[64];
};

typedef unsigned int len;

foo_t g;
foo_t arr[foo_t];
len total;

BEGIN
{
	g = (foo_t)5;
	arr[g] = (foo_t)(g * 2);
	total = (len)sizeof (foo_t);
	this->b = (struct buf *)alloca(sizeof (struct buf));
	this->b->len = g;
	printf("%d %d %d %d %u\n", sizeof (foo_t), arr[5], this->b->len,
	    offsetof(struct buf, len), total);
}
