#pragma D option quiet
#pragma D option strsize=8

/*
 * A string keeps strsize characters and its NUL: recorded, stored in a
 * variable, returned by a subroutine, and as an associative array's key
 * (two keys that differ only in their strsize'th character are two keys).
 */
BEGIN
{
	s = "abcdefghij";
	x["abcdefgh"] = 1;
	x["abcdefgX"] = 2;
	printf("%s %d %s\n", s, strlen(s), "0123456789");
	trace(s);
	printf("\n");
	printf("%d %d\n", x["abcdefgh"], x["abcdefgX"]);
	self->t = strjoin("abcd", "efghij");
	printf("%s %s\n", self->t, lltostr(123456789));
	@a["abcdefghij"] = count();
	printa("%s %@d\n", @a);
	exit(0);
}
