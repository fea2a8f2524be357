BEGIN
{
	trace(1) trace /* ERROR D_SYNTAX "^syntax error near \x22trace\x22$" */(2);
}
