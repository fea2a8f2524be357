#pragma D option quiet

/* A char array filled element by element reads as a string. */
char buf[8];

BEGIN
{
	buf[0] = 'd';
	buf[1] = 't';
	i = 2;
	buf[i] = 'r';
	buf[i + 1] = 'a';
	printf("%s %d\n", buf, strlen(buf));
	s = buf;
	printf("%s\n", s);
	exit(0);
}
