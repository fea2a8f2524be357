#pragma D attributes Stable/Stable/Common neverdefined /* ERROR D_PRAGMA_UNUSED "^unused #pragma attributes$" */

BEGIN
{
	trace(1);
}
