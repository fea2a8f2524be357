#pragma D binding "bogus" x /* ERROR D_PRAGMA_INVAL "^invalid version string specified by #pragma binding$" */

BEGIN
{
	trace(1);
}
