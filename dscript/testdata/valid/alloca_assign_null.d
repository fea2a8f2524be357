/*
 * NULL, an integer constant inline, reads as the constant 0, which an
 * alloca pointer's variable may be assigned (dt_node_ident, and the
 * alloca taint rule of dt_cook_op2).
 */
enum e { ZERO };

BEGIN
{
	a = (char *)alloca(1);
	a = NULL;
	a = ZERO;
	a = (long)0;
}
