char buf[8];

BEGIN
{
	buf = "x"; /* ERROR D_OP_ARRFUN "^operator = may not be applied to operand of type \x22char \[8\]\x22$" */
}
