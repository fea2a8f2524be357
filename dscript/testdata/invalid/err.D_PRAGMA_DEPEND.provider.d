#pragma D depends_on provider nosuchprovider /* ERROR D_PRAGMA_DEPEND "^program requires provider nosuchprovider$" */

BEGIN
{
	trace(1);
}
