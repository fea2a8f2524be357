BEGIN
{
	--1; /* ERROR D_OP_LVAL "^operator -- requires modifiable lvalue as an operand$" */
}
