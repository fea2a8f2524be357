BEGIN
{
	@a = count();
	x = (1, @a); /* ERROR D_OP_DYN "^operator , operands cannot be of dynamic type$" */
}
