BEGIN
{
	trace("a" == 1); /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \"string\" == \"int\"$" */
}
