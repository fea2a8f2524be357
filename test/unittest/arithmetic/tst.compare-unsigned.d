#pragma D option quiet

/* int compared with unsigned int: the int converts to unsigned. */
int a;
unsigned int b;

BEGIN
{
	a = -1;
	b = 1;
	printf("%d %d\n", a < b, (long long)a < (long long)b);
	exit(0);
}
