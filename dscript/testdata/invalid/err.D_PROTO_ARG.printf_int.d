/* printf()'s prototype is "void(string, ...)". */
BEGIN
{
	printf(1); /* ERROR D_PROTO_ARG "^printf\( \) argument #1 is incompatible with prototype:\n\tprototype: string\n\t argument: int$" */
}
