int char /* ERROR D_DECL_COMBO "^invalid type combination$" */ x;

BEGIN
{
	trace(1);
}
