/*
 * A stack value (dt_stack_t) is no number: it may be stored, traced,
 * printed and aggregated on, not added to.
 */
BEGIN
{
	self->st = stack();
	x = self->st + 1;
}
