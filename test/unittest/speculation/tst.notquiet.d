/* @@nosort */

/*
 * Without -q a committed record prints its probe line; a clause whose only
 * action is speculate() records the probe line alone.
 */
BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	speculate(self->spec);
}

BEGIN
{
	speculate(self->spec);
	trace(self->spec);
	trace("speculative");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	exit(0);
}
