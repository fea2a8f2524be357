BEGIN
{
	trace(1)) /* ERROR D_SYNTAX "^extra \) in input stream$" */;
}
