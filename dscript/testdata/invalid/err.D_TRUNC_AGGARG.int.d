BEGIN
{
	trunc(1); /* ERROR D_TRUNC_AGGARG "^trunc\( \) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int$" */
}
