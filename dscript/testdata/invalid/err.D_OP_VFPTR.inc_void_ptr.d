BEGIN
{
	this->p = (void *)0;
	this->p++; /* ERROR D_OP_VFPTR "^operator \+\+ requires an operand of known size$" */
}
