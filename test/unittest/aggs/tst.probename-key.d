#pragma D option quiet

/* Keys from probename in BEGIN and END. */
BEGIN
{
	@[probename] = count();
	exit(0);
}

END
{
	@[probename] = count();
}
