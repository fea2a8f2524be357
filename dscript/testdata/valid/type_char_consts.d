/* Exercises: character constants with every escape sequence (simple, octal, hex). */
BEGIN
{
	c1 = 'a';
	c2 = '\n';
	c3 = '\t';
	c4 = '\0';
	c5 = '\\';
	c6 = '\'';
	c7 = '"';
	c8 = '\"';
	c9 = '\a';
	c10 = '\b';
	c11 = '\f';
	c12 = '\r';
	c13 = '\v';
	c14 = '\101';
	c15 = '\x41';
	printf("%c%c%c%c\n", c1, c14, c15, c5);
	trace(c2 + c3 + c4 + c6 + c7 + c8 + c9 + c10 + c11 + c12 + c13);
}
