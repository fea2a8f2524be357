BEGIN
{
	@a = count();
	x = timestamp ? @a : @a; /* ERROR D_OP_DYN "^operator \?: operands cannot be of dynamic type$" */
}
