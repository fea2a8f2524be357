#pragma D option quiet

/*
 * == and != against a string literal: equal strings, a longer string with
 * the literal as its prefix, a prefix of the literal, literals filling a
 * word exactly and spilling into the next, the empty string, strstr's
 * NULL (no string: unequal to every literal, "" too), execname against its
 * own name, a longer name and a literal longer than any comm, and a
 * kernel char array.
 */
BEGIN
{
	s7 = "abcdefg";
	s8 = "abcdefgh";
	s9 = "abcdefghi";
	e = "";
	printf("%d %d %d\n", s7 == "abcdefg", s7 == "abcdefgh", s7 == "abcdef");
	printf("%d %d %d\n", s8 == "abcdefgh", s8 == "abcdefg", s8 == "abcdefghi");
	printf("%d %d %d\n", s9 == "abcdefghi", "abcdefghi" == s9, s9 != "abcdefghij");
	printf("%d %d %d\n", e == "", e != "", s7 == "");
	printf("%d %d\n", strstr(s7, "x") == "", strstr(s7, "cd") == "cdefg");
	printf("%d %d %d %d\n", execname == "dtrace", execname != "dtrace",
	    execname == "dtracedtracedtrace", execname == "dtrac");
	printf("%d %d\n", curthread->comm == "dtrace", curthread->comm == "dtrace1");
	printf("%d\n", "abc\0def" == "abc");
	exit(0);
}
