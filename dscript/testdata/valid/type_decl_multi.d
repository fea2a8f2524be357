/* Exercises: a declaration declaring several variables, pointers and arrays at once. */
int a, b, *pa, arr[4];
uint64_t t0, t1;
struct pt { int x, y; } p1, p2;

BEGIN
{
	a = 1;
	b = 2;
	t0 = timestamp;
	p1.x = a;
	p2.y = b;
	arr[1] = a + b;
	t1 = timestamp;
	printf("%d %d %d %d\n", p1.x, p2.y, arr[1], t1 - t0);
}
