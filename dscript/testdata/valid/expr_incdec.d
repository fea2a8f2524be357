/* Exercises: pre/post increment and decrement on globals, thread-locals, array elements, struct members. */
struct ctr { int n; };
struct ctr c;
int arr[int];

BEGIN
{
	g = 5;
	x = g++;
	y = ++g;
	z = g--;
	w = --g;
	c.n++;
	++c.n;
	arr[1] = 0;
	arr[1]++;
	--arr[1];
	self->k = 0;
	self->k++;
	++self->k;
	printf("%d %d %d %d %d %d %d %d\n", g, x, y, z, w, c.n, arr[1], self->k);
}
