/* A reference to an inline associative array is checked against its signature. */
inline int twice[int a] = a * 2;

BEGIN
{
	trace(twice["x"]); /* ERROR D_PROTO_ARG "^twice\[ \] key #1 is incompatible with prototype:\n\tprototype: int\n\t      key: string$" */
}
