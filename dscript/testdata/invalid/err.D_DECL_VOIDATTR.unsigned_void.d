unsigned void /* ERROR D_DECL_VOIDATTR "^invalid type declaration: attributes may not be used with void type$" */ x;

BEGIN
{
	trace(1);
}
