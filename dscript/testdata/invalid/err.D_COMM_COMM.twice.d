BEGIN
{
	commit(1);
	commit(2); /* ERROR D_COMM_COMM "^commit\( \) may not follow commit\( \)$" */
}
