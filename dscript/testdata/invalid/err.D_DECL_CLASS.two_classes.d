extern static /* ERROR D_DECL_CLASS "^only one storage class allowed in a declaration$" */ int x;

BEGIN
{
	trace(1);
}
