BEGIN
{
	normalize(1, 2); /* ERROR D_NORMALIZE_AGGARG "^normalize\( \) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int$" */
}
