BEGIN
{
	@a[1] = count();
	@a["x"] = count(); /* ERROR D_PROTO_ARG "^@a\[ \] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string$" */
}
