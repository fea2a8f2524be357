int x;
char x; /* ERROR D_DECL_IDRED "^identifier redeclared: x\n\t current: scalar char\n\tprevious: scalar int$" */

BEGIN
{
	trace(1);
}
