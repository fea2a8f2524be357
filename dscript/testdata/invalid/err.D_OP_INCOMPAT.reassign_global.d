BEGIN
{
	x = 1;
	x = "s"; /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \x22int\x22 = \x22string\x22$" */
}
