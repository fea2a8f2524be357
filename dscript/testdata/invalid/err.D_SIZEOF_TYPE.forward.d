BEGIN
{
	trace(sizeof (struct fwd)); /* ERROR D_SIZEOF_TYPE "^cannot apply sizeof to an operand of unknown size$" */
}
