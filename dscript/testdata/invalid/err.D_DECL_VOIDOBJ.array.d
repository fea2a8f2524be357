void va[4]; /* ERROR D_DECL_VOIDOBJ "^cannot declare array of void$" */

BEGIN
{
	trace(1);
}
