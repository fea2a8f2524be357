void vv; /* ERROR D_DECL_VOIDOBJ "^cannot have void object: vv$" */

BEGIN
{
	trace(1);
}
