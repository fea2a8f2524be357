/* Operator [ makes the aggregation an indexed reference needs: it is the statement that has no effect. */
BEGIN
{
	@a[1]; /* ERROR D_AGG_NULL "^expression has null effect: @a$" */
}
