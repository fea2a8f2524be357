#pragma D depends_on nosuchclass x /* ERROR D_PRAGMA_INVAL "^invalid class nosuchclass specified by #pragma depends_on$" */

BEGIN
{
	trace(1);
}
