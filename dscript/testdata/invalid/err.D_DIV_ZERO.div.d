BEGIN
{
	x = 1 / 0; /* ERROR D_DIV_ZERO "^expression contains division by zero$" */
}
