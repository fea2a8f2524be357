long char /* ERROR D_DECL_CHARATTR "^invalid type declaration: short and long may not be used with char type$" */ x;

BEGIN
{
	trace(1);
}
