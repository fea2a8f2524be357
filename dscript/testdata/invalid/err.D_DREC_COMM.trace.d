BEGIN
{
	commit(1);
	trace(1); /* ERROR D_DREC_COMM "^data-recording actions may not follow commit\( \)$" */
}
