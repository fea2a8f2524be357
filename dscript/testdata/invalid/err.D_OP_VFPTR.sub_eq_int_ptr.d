BEGIN
{
	x = 1;
	p = (int *)0;
	x -= p; /* ERROR D_OP_VFPTR "^operator -= requires left-hand scalar operand of known size$" */
}
