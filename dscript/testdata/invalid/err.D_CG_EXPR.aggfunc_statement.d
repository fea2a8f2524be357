BEGIN
{
	avg(1); /* ERROR D_CG_EXPR "^aggregating function avg\( \) may not be called from a D expression \(D program context required\)$" */
}
