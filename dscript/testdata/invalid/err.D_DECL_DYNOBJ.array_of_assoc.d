int dd[4][int]; /* ERROR D_DECL_DYNOBJ "^cannot declare array of associative arrays$" */

BEGIN
{
	trace(1);
}
