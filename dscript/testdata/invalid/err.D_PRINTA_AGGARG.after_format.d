BEGIN
{
	x = 1;
	printa("%d", x); /* ERROR D_PRINTA_AGGARG "^printa\( \) argument #2 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int$" */
}
