inline int ix = "s"; /* ERROR D_OP_INCOMPAT "^inline ix definition uses incompatible types: \x22int\x22 = \x22string\x22$" */

BEGIN
{
	trace(ix);
}
