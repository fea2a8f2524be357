BEGIN
{
	x = 1;
	trace(&x); /* ERROR D_ADDROF_VAR "^cannot take address of dynamic variable$" */
}
