#pragma D option quiet

/* Actions after exit() in the same clause are still performed. */
BEGIN
{
	exit(0);
	printf("after\n");
}
