BEGIN
{
	commit(1);
	@a = count(); /* ERROR D_AGG_COMM "^aggregating actions may not follow commit\( \)$" */
}
