BEGIN
{
	x = substr("abc", "1"); /* ERROR D_PROTO_ARG "^substr\( \) argument #2 is incompatible with prototype:\n\tprototype: int\n\t argument: string$" */
}
