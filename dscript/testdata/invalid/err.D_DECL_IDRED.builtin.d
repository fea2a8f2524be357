int timestamp; /* ERROR D_DECL_IDRED "^built-in identifier redeclared: timestamp$" */

BEGIN
{
	trace(1);
}
