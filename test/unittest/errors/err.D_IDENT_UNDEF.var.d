/* An undefined variable in an expression. */
BEGIN
{
	trace(nosuchvar);
}
