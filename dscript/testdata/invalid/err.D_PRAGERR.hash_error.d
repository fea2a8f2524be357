#error stop here /* ERROR D_PRAGERR "^#error: stop here " */

BEGIN
{
	trace(1);
}
