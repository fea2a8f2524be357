/*
 * DTrace reports an operator's error at the line its parser reads the
 * token after the expression on (the node's line): here the ")".
 */
BEGIN
{
	trace("a" *
	    2
	); /* ERROR D_OP_ARITH "^operator \* requires operands of arithmetic type$" */
}
