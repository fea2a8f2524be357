BEGIN
{
	walltimestamp += 1; /* ERROR D_OP_WRITE "^operator \+= can only be applied to a writable variable$" */
}
