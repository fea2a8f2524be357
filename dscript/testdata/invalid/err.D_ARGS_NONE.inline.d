inline int ia = args[0]; /* ERROR D_ARGS_NONE "^args\[ \] may not be referenced outside of a probe clause$" */

BEGIN
{
	trace(ia);
}
