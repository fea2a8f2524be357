#pragma D depends_on "provider" x /* ERROR D_PRAGMA_MALFORM "^malformed #pragma depends_on <class> <name>$" */

BEGIN
{
	trace(1);
}
