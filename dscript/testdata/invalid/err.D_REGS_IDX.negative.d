BEGIN
{
	trace(uregs[-1]); /* ERROR D_REGS_IDX "^index -1 is out of range for array uregs$" */
}
