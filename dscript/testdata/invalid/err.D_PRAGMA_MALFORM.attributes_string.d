#pragma D attributes "Stable/Stable/Common" x /* ERROR D_PRAGMA_MALFORM "^malformed #pragma attributes <attributes> <ident>$" */

BEGIN
{
	trace(1);
}
