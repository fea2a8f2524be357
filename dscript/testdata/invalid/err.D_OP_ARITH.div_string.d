BEGIN
{
	x = 4 / "a"; /* ERROR D_OP_ARITH "^operator / requires operands of arithmetic type$" */
}
