struct sv2 { void m; /* ERROR D_DECL_VOIDOBJ "^cannot have void member: m$" */ };

BEGIN
{
	trace(1);
}
