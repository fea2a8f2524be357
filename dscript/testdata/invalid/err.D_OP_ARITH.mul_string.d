BEGIN
{
	x = "a" * 2; /* ERROR D_OP_ARITH "^operator \* requires operands of arithmetic type$" */
}
