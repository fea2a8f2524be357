BEGIN
{
	trace(offsetof(struct nosuch, x)); /* ERROR D_OFFSETOF_TYPE "^offsetof operand must be a struct or union type$" */
}
