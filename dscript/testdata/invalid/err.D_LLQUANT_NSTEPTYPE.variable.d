BEGIN
{
	@a = llquantize(1, 10, 0, 6, timestamp); /* ERROR D_LLQUANT_NSTEPTYPE "^llquantize\( \) argument #4 \(linear steps per magnitude\) must be an integer constant$" */
}
