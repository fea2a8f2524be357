BEGIN
{
	trace(1);
}} /* ERROR D_SYNTAX "^(syntax error near .\}.|extra \} in input stream)$" */
