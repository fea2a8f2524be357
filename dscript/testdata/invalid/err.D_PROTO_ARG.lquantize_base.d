BEGIN
{
	@a = lquantize(1, "a", 10); /* ERROR D_PROTO_ARG "^lquantize\( \) argument #2 is incompatible with prototype:\n\tprototype: int32_t\n\t argument: string$" */
}
