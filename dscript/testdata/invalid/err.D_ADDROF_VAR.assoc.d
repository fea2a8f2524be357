BEGIN
{
	x[1] = 1;
	trace(&x[1]); /* ERROR D_ADDROF_VAR "^cannot take address of dynamic variable$" */
}
