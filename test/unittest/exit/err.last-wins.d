#pragma D option quiet

/*
 * The last exit() consumed sets the status: END's exit(1) after BEGIN's
 * exit(0).
 */
BEGIN
{
	exit(0);
}

END
{
	exit(1);
}
