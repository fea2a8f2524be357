#pragma D option quiet

/* Elements never assigned read as 0, whatever their type. */
int a[4];
long long l[4];
char c[4];
unsigned short us[4];
char *p[4];

BEGIN
{
	a[1] = 1;
	i = 2;
	printf("%d %d %d %d %d %d\n", a[0], a[i], l[3], c[i], us[0], p[i] == NULL);
	exit(0);
}
