/*
 * The D library's translators are declared before the program: one of them
 * declared again is refused, before its members are looked at, at the line
 * of the ';' after its '}' (where DTrace's grammar builds the translator).
 */
translator cpuinfo_t < int c >
{
	no_such_member = 1;
}
; /* ERROR D_XLATE_REDECL "^translator from int to cpuinfo_t has already been declared$" */

BEGIN
{
	trace(1);
}
