/* printf() output follows the probe prefix without -q. */
BEGIN
{
	printf("x=%d", 5);
	exit(0);
}
