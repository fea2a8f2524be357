/* A function's parameter may not be an associative array (of dynamic type). */
extern void foo(int, int a[string]); /* ERROR D_DECL_PROTO_TYPE "^function prototype may not use parameter of type dynamic variable: a, parameter #2$" */

BEGIN
{
}
