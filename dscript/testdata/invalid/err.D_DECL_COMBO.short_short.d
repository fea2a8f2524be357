short short /* ERROR D_DECL_COMBO "^the attribute 'short' may only be used at most once in a declaration$" */ x;

BEGIN
{
	trace(1);
}
