/* Blanks the lexer peeked over come back as spaces, up to the newline. */
BEGIN
{
	x = 1 nosuchname	 
	+ 2;
}
