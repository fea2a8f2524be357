BEGIN
{
	this->p = (void *)0;
	this->p += 1; /* ERROR D_OP_VFPTR "^operator \+= requires left-hand scalar operand of known size$" */
}
