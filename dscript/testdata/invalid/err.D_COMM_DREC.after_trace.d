BEGIN
{
	trace(1);
	commit(1); /* ERROR D_COMM_DREC "^commit\( \) may not follow data-recording action\(s\)$" */
}
