BEGIN
{
	y = (int x /* ERROR D_SYNTAX "^syntax error near \x22x\x22$" */;
}
