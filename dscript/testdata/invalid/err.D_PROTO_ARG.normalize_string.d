/* normalize()'s prototype is "void(@, uint64_t)". */
BEGIN
{
	@a = count();
	normalize(@a, "x"); /* ERROR D_PROTO_ARG "^normalize\( \) argument #2 is incompatible with prototype:\n\tprototype: uint64_t\n\t argument: string$" */
}
