/* commit() takes a speculation id. */
BEGIN
{
	commit("one");
}
