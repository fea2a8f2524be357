BEGIN
{
	tracemem("abc", 8); /* ERROR D_TRACEMEM_ADDR "^tracemem\( \) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: string$" */
}
