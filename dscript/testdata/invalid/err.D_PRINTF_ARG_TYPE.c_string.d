BEGIN
{
	printf("%d %c", 1, "x"); /* ERROR D_PRINTF_ARG_TYPE "^printf\( \) argument #3 is incompatible with conversion #2 prototype:\n\tconversion: %c\n\t prototype: char, short, or int\n\t  argument: string$" */
}
