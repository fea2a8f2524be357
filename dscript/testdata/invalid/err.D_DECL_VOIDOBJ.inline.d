inline void iv = 1; /* ERROR D_DECL_VOIDOBJ "^cannot declare void inline: iv$" */

BEGIN
{
	trace(1);
}
