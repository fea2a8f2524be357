unsigned unsigned /* ERROR D_DECL_COMBO "^the attribute 'unsigned' may only be used at most once in a declaration$" */ x;

BEGIN
{
	trace(1);
}
