/*
 * printf()'s prototype is "void(string, ...)": a string parameter of a
 * function's prototype is named char * in the message.
 */
BEGIN
{
	printf(1); /* ERROR D_PROTO_ARG "^printf\( \) argument #1 is incompatible with prototype:\n\tprototype: char \*\n\t argument: int$" */
}
