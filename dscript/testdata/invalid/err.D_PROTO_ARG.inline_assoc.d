inline int twice[int n] = n * 2;

BEGIN
{
	trace(twice["two"]); /* ERROR D_PROTO_ARG "^twice\[ \] key #1 is incompatible with prototype:" */
}
