#pragma D attributes Bogus/Stable/Common x /* ERROR D_PRAGMA_INVAL "^invalid attributes specified by #pragma attributes$" */

BEGIN
{
	trace(1);
}
