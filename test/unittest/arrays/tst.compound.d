#pragma D option quiet

/* Compound assignment, increment and decrement of elements. */
int a[3];

BEGIN
{
	i = 1;
	a[i] = 5;
	a[i] += 10;
	a[i] *= 2;
	a[i] -= 1;
	a[0]++;
	++a[0];
	a[2]--;
	x = a[i]++;
	y = --a[i];
	printf("%d %d %d %d %d\n", a[0], a[1], a[2], x, y);
	exit(0);
}
