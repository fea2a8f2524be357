BEGIN
{
	x = strjoin(1, "a"); /* ERROR D_PROTO_ARG "^strjoin\( \) argument #1 is incompatible with prototype:\n\tprototype: const char \*\n\t argument: int$" */
}
