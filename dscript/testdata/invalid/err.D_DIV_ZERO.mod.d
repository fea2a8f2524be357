BEGIN
{
	x = timestamp % 0; /* ERROR D_DIV_ZERO "^expression contains division by zero$" */
}
