long string /* ERROR D_DECL_LONGINT "^invalid type declaration: long and long long may only be used with integer or floating-point type$" */ x;

BEGIN
{
	trace(1);
}
