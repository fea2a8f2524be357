BEGIN
{
	1 = 2; /* ERROR D_OP_LVAL "^operator = requires modifiable lvalue as an operand$" */
}
