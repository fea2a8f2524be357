#pragma D option quiet

/* A char or uint8_t pointer is an address to %p and trace(). */
BEGIN
{
	printf("%p %p %p|", (char *)0x1234, (uint8_t *)0x10, (unsigned char *)0);
	trace((char *)0x1234);
	printf("|\n");
	exit(0);
}
