BEGIN
{
	x = timestamp ? "a" : 2; /* ERROR D_OP_INCOMPAT "^operator \?: operands must have compatible types$" */
}
