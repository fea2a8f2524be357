#pragma D option quiet

/*
 * Every exit() record consumed sets dtrace's status, the last one
 * winning (dtrace(1)'s chewrec): BEGIN's exit(1), then END's exit(0).
 */
BEGIN
{
	exit(1);
}

END
{
	printf("end\n");
	exit(0);
}
