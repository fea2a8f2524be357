BEGIN
{
	exit("a"); /* ERROR D_PROTO_ARG "^exit\( \) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: string$" */
}
