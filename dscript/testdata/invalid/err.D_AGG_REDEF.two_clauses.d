BEGIN
{
	@a = count();
}

END
{
	@a = max(0); /* ERROR D_AGG_REDEF "^aggregation redefined: @a\n\t current: @a = max\( \)\n\tprevious: @a = count\( \) : line 3$" */
}
