BEGIN
{
	trace(-"a"); /* ERROR D_OP_ARITH "^operator - requires an operand of arithmetic type$" */
}
