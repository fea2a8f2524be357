#pragma D depends_on module nosuchmodule /* ERROR D_PRAGMA_DEPEND "^program requires module nosuchmodule$" */

BEGIN
{
	trace(1);
}
