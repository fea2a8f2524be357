/* @@nosort */
#pragma D option quiet

/* BEGIN output precedes END output. */
END
{
	printf("end\n");
}

BEGIN
{
	printf("begin\n");
	exit(0);
}
