/* trunc()'s prototype is "void(@, [int64_t])". */
BEGIN
{
	@a = count();
	trunc(@a, "x"); /* ERROR D_PROTO_ARG "^trunc\( \) argument #2 is incompatible with prototype:\n\tprototype: int64_t\n\t argument: string$" */
}
