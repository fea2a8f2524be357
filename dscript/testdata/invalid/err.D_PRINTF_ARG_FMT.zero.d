/* The constant 0 passes for printf()'s string prototype (a NULL pointer). */
BEGIN
{
	printf(0); /* ERROR D_PRINTF_ARG_FMT "^printf\( \) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: int$" */
}
