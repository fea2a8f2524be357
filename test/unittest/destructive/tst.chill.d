/*
 * @@runtest-opts: -wq
 * chill(ns) spins for ns nanoseconds; timestamp moves on meanwhile.
 */
BEGIN
{
	t = timestamp;
	chill(50000000);
	printf("%d\n", timestamp - t >= 50000000);
	exit(0);
}
