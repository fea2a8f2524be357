BEGIN
{
	x = 1;
	x /= 0; /* ERROR D_DIV_ZERO "^expression contains division by zero$" */
}
