#pragma D option quiet

/* Keys computed from variables. */
BEGIN
{
	i = 3;
	a[i * 2] = 60;
	printf("%d\n", a[6]);
	exit(0);
}
