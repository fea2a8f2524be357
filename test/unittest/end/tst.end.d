#pragma D option quiet

/* END fires after exit(). */
BEGIN
{
	exit(0);
}

END
{
	printf("end\n");
}
