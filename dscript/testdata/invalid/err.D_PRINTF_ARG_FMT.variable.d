/* The format passes printf()'s prototype (a string) but is no constant. */
BEGIN
{
	printf(execname); /* ERROR D_PRINTF_ARG_FMT "^printf\( \) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: string$" */
}
