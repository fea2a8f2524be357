BEGIN
{
	trace(offsetof(int, a)); /* ERROR D_OFFSETOF_TYPE "^offsetof operand must be a struct or union type$" */
}
