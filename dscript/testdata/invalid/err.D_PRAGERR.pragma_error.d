#pragma error this is bad /* ERROR D_PRAGERR "^#error: this is bad " */

BEGIN
{
	trace(1);
}
