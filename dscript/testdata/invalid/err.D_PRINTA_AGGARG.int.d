BEGIN
{
	printa(1); /* ERROR D_PRINTA_AGGARG "^printa\( \) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: int$" */
}
