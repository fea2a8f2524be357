#pragma D option quiet

/* An array of pointers. */
char *p[3];

BEGIN
{
	p[1] = (char *)alloca(4);
	p[1][0] = 'o';
	p[1][1] = 'k';
	p[1][2] = '\0';
	printf("%d %d %d %c%c\n", p[0] == NULL, p[1] != NULL, p[2] == NULL, p[1][0], *(p[1] + 1));
	exit(0);
}
