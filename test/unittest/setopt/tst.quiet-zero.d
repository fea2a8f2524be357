/* @@nosort */
/* quiet=0 is set, not unset: only the negative words and "" unset it. */
BEGIN
{
	setopt("quiet", "0");
}

BEGIN
{
	printf("quiet\n");
	setopt("quiet", "");
}

BEGIN
{
	trace("loud");
	exit(0);
}
