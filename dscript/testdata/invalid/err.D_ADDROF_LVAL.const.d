BEGIN
{
	trace(&1); /* ERROR D_ADDROF_LVAL "^unacceptable operand for unary & operator$" */
}
