struct fwd *fp;

BEGIN
{
	trace(fp->a); /* ERROR D_OP_INCOMPLETE "^operator -> cannot be applied to a forward declaration: no struct fwd definition is available$" */
}
