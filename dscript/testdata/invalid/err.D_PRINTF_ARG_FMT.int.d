BEGIN
{
	printf(1); /* ERROR D_PRINTF_ARG_FMT "^printf\( \) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: int$" */
}
