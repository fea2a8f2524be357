BEGIN
{
	printf("%*d", "a", 1); /* ERROR D_PRINTF_DYN_TYPE "^printf\( \) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % \* d\n\t prototype: int\n\t  argument: string$" */
}
