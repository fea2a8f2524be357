/* @@nosort */
/* setopt() in a branch not taken does nothing. */
BEGIN
{
	if (0) {
		setopt("quiet");
	}
	trace("loud");
}

BEGIN
{
	trace("still loud");
	exit(0);
}
