inline int timestamp = 1; /* ERROR D_DECL_IDRED "^identifier redefined: timestamp\n\t current: inline definition\n\tprevious: scalar ?$" */

BEGIN
{
	trace(1);
}
