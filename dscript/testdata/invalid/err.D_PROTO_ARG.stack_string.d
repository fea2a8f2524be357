BEGIN
{
	stack("x"); /* ERROR D_PROTO_ARG "^stack\( \) argument #1 is incompatible with prototype:\n\tprototype: uint32_t\n\t argument: string$" */
}
