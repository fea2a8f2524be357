#pragma D depends_on library foo.d /* ERROR D_PRAGMA_DEPEND "^main program may not explicitly depend on a library$" */

BEGIN
{
	trace(1);
}
