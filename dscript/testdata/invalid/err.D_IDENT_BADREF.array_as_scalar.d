BEGIN
{
	a[1] = 1;
	trace(a); /* ERROR D_IDENT_BADREF "^associative array 'a' may not be referenced as scalar$" */
}
