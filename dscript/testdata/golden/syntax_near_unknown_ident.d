/*
 * An identifier DTrace does not know is quoted from it to the end of its
 * line: its lexer peeked past it and left yytext unterminated.
 */
BEGIN
{
	x = 1 nosuchname  +	2; y = 3;
}
