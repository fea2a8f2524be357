/*
 * A declarator is declared when DTrace's grammar reduces it, on reading
 * the token after it: a redeclaration is reported at that token's line.
 */
int x[3];
int x
; /* ERROR D_DECL_IDRED "^identifier redeclared: x" */

BEGIN
{
	trace(1);
}
