/* x is unknown: the quote runs to the end of its line, this comment too. */
BEGIN
{
	y = (int x /* ERROR D_SYNTAX "^syntax error near \x22x /\* ERROR D_SYNTAX " */;
}
