/* "int;" is declared, and found useless, when its ';' is read. */
int
; /* ERROR D_DECL_USELESS "^useless declaration$" */

BEGIN
{
	trace(1);
}
