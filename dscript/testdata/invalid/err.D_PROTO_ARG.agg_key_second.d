/* An aggregation's keys are checked against its first use, key by key. */
BEGIN
{
	@a[1, "x"] = count();
	@a[2, 3] = count(); /* ERROR D_PROTO_ARG "^@a\[ \] key #2 is incompatible with prototype:\n\tprototype: string\n\t      key: int$" */
}
