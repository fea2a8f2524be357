#pragma D option quiet

/* END sees globals set in BEGIN. */
BEGIN
{
	x = 42;
	exit(0);
}

END
{
	printf("x = %d\n", x);
}
