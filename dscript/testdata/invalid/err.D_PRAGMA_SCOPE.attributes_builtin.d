#pragma D attributes Stable/Stable/Common timestamp /* ERROR D_PRAGMA_SCOPE "^#pragma attributes cannot modify entity defined outside program scope$" */

BEGIN
{
	trace(1);
}
