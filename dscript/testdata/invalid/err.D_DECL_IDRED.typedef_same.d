/* A typedef of the D definitions is not declared again, even as the same type. */
typedef int myint_t;
typedef int myint_t; /* ERROR D_DECL_IDRED "^typedef redeclared: myint_t$" */

BEGIN
{
}
