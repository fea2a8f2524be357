/* An assignment without a right-hand side. */
BEGIN
{
	x = ;
}
