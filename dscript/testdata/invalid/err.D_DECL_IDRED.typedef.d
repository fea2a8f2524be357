typedef int myint_t;
typedef char myint_t; /* ERROR D_DECL_IDRED "^typedef redeclared: myint_t$" */

BEGIN
{
	trace(1);
}
