/*
 * A struct's body without ';' before another struct: the first is a type
 * specifier of a declaration the second joins, at the second's '{'.
 */
struct s {
	int a;
}

union u
{ /* ERROR D_DECL_COMBO "^invalid type combination$" */
	int b;
};

BEGIN
{
}
