BEGIN
{
	printf("%s", 1); /* ERROR D_PRINTF_ARG_TYPE "^printf\( \) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: char \[\] or string \(or use stringof\)\n\t  argument: int$" */
}
