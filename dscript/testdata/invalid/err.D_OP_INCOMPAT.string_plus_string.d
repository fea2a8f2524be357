BEGIN
{
	trace("a" + "b"); /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \"string\" \+ \"string\"$" */
}
