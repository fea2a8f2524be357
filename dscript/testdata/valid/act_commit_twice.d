/* commit() may follow commit(), as DTrace for Linux allows. */
BEGIN
{
	commit(1);
	commit(2);
}
