BEGIN
{
	x = strlen(1); /* ERROR D_PROTO_ARG "^strlen\( \) argument #1 is incompatible with prototype:\n\tprototype: const char \*\n\t argument: int$" */
}
