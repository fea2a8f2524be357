BEGIN
{
	@a = llquantize(1, 10, 0, 6, 65536); /* ERROR D_LLQUANT_NSTEPVAL "^llquantize\( \) argument #4 \(linear steps per magnitude\) must be an unsigned 16-bit quantity$" */
}
