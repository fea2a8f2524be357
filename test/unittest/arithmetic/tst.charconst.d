#pragma D option quiet

/*
 * A character constant holds up to 8 characters, the first in the most
 * significant byte; it is an int when its value fits one, else a long.
 */
BEGIN
{
	printf("%d %d %d\n", 'a', 'ab', 'abcd');
	printf("%d %x\n", 'abcdefgh', 'ABCDEFGH');
	printf("%d %d %d\n", sizeof ('a'), sizeof ('abcd'), sizeof ('abcde'));
	exit(0);
}
