this int la[int]; /* ERROR D_DECL_LOCASSC "^associative arrays may not be declared as local variables: la$" */

BEGIN
{
	trace(1);
}
