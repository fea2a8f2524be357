struct outer { struct nosuch2 n; /* ERROR D_DECL_INCOMPLETE "^incomplete struct/union/enum struct nosuch2: n$" */ };

BEGIN
{
	trace(1);
}
