BEGIN
{
	setopt(1); /* ERROR D_PROTO_ARG "^setopt\( \) argument #1 is incompatible with prototype:\n\tprototype: const char \*\n\t argument: int$" */
}
