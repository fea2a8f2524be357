#pragma D binding "1.0" neverdefined /* ERROR D_PRAGMA_UNUSED "^unused #pragma binding$" */

BEGIN
{
	trace(1);
}
