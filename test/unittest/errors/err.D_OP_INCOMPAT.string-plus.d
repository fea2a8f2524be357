/* + needs arithmetic operands. */
BEGIN
{
	x = "a" + 1;
}
