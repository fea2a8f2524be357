BEGIN
{
	timestamp ? trace(1) : trace(2); /* ERROR D_OP_ACT "^action cannot be used in a conditional context$" */
}
