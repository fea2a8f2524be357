BEGIN
{
	x = strlen; /* ERROR D_IDENT_BADREF "^function 'strlen' may not be referenced as scalar$" */
}
