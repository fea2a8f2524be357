BEGIN
{
	v = (void *)0;
	v = v + 1; /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \"void \*\" \+ \"int\"$" */
}
