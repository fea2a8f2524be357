BEGIN
{
	x = (1, trace(1)); /* ERROR D_OP_ACT "^operator , operands cannot be actions$" */
}
