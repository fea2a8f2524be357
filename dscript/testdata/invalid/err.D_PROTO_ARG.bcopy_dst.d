BEGIN
{
	bcopy((void *)arg0, (void *)arg1, 8); /* ERROR D_PROTO_ARG "^bcopy\( \) argument #2 is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer$" */
}
