BEGIN
{
	printf("%d", "s"); /* ERROR D_PRINTF_ARG_TYPE "^printf\( \) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: string$" */
}
