#pragma D option quiet

/*
 * Associative arrays keyed by a char array (by its bytes) and by a char
 * pointer (by the address).
 */
char buf[4];

BEGIN
{
	buf[0] = 'x';
	a[buf] = 1;
	buf[0] = 'y';
	a[buf] = 2;
	buf[0] = 'x';
	printf("%d %d\n", a[buf], a[curthread->comm]);
	b[(char *)0x10] = 3;
	b[(char *)0x20] = 4;
	printf("%d %d %d\n", b[(char *)0x10], b[(char *)0x20], b[(char *)0x30]);
	@c[(char *)0x10] = count();
	exit(0);
}
