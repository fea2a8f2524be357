BEGIN
{
	x = 1;
	trace(x->a); /* ERROR D_OP_PTR "^operator -> must be applied to a pointer$" */
}
