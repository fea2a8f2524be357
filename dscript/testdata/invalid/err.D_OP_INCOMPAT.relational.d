BEGIN
{
	trace("a" < 1); /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \x22string\x22 < \x22int\x22$" */
}
