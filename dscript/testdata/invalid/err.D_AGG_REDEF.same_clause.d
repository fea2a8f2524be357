BEGIN
{
	@c = avg(1);
	@c = sum(1); /* ERROR D_AGG_REDEF "^aggregation redefined: @c\n\t current: @c = sum\( \)\n\tprevious: @c = avg\( \) : line 3$" */
}
