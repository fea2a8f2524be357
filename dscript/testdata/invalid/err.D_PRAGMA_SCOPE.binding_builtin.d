#pragma D binding "1.0" timestamp /* ERROR D_PRAGMA_SCOPE "^#pragma binding cannot modify entity defined outside program scope$" */

BEGIN
{
	trace(1);
}
