BEGIN
{
	trace(count); /* ERROR D_IDENT_BADREF "^aggregating function 'count' may not be referenced as scalar$" */
}
