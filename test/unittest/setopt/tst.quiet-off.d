/* @@nosort */
/* @@runtest-opts: -q */
/*
 * setopt("quiet", "no") under -q brings the probe lines back, without the
 * heading (dtrace prints it for the first record only).
 */
BEGIN
{
	printf("quiet\n");
}

BEGIN
{
	setopt("quiet", "no");
	printf("loud");
}

BEGIN
{
	trace(1);
	exit(0);
}
