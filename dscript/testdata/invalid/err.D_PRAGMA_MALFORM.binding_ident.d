#pragma D binding x y /* ERROR D_PRAGMA_MALFORM "^malformed #pragma binding \x22version\x22 <ident>$" */

BEGIN
{
	trace(1);
}
