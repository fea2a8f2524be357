struct sc { int a`b; /* ERROR D_DECL_SCOPE "^D scoping operator may not be used in a member name \(a`b\)$" */ };

BEGIN
{
	trace(1);
}
