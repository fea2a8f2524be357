/* Exercises: string literals containing escape sequences and embedded quotes. */
#pragma D option quiet

BEGIN
{
	printf("tab:\there\n");
	printf("quote:\"x\" backslash:\\ bell:\a\n");
	printf("octal:\101\102 hex:\x43\x44\n");
	printf("cr:\r ff:\f vt:\v bs:\b\n");
	s = "single 'quotes' inside";
	empty = "";
	printf("%s|%s|\n", s, empty);
}
