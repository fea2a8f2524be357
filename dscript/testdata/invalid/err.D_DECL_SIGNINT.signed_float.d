signed float /* ERROR D_DECL_SIGNINT "^invalid type declaration: signed and unsigned may only be used with integer type$" */ x;

BEGIN
{
	trace(1);
}
