BEGIN
{
	"a" = "b"; /* ERROR D_OP_LVAL "^operator = requires modifiable lvalue as an operand$" */
}
