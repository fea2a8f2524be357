/* Only one commit() per clause. */
BEGIN
{
	commit(1);
	commit(2);
}
