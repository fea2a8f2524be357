#pragma D option quiet

/* A two-dimensional array: rows of rows. */
int m[3][4];

BEGIN
{
	i = 2;
	j = 3;
	m[1][2] = 12;
	m[i][j] = m[1][2] * 2;
	m[i][0] = sizeof (m[i]);
	printf("%d %d %d %d %d\n", m[1][2], m[2][3], m[i][j], m[i][0], m[0][0]);
	exit(0);
}
