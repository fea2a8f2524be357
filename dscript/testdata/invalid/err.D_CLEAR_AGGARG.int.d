BEGIN
{
	clear(1); /* ERROR D_CLEAR_AGGARG "^clear\( \) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int$" */
}
