#pragma D option quiet

/*
 * An integer key is stored at its key type's width: char + char (a char
 * computed in 64 bits, 200) and the char -56 are one key, in an
 * aggregation as in an associative array.
 */
char c;

BEGIN
{
	c = 100;
	@[c + c] = count();
	@[(char)-56] = count();
	x[c + c] = 5;
	printf("%d\n", x[(char)-56]);
	printa("%d %@d\n", @);
	exit(0);
}
