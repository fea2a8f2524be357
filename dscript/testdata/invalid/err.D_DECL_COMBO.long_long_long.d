long long long /* ERROR D_DECL_COMBO "^the attribute 'long' may only be used at most twice in a declaration$" */ x;

BEGIN
{
	trace(1);
}
