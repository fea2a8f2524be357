#pragma D option quiet

/* Consecutive printf calls concatenate. */
BEGIN
{
	printf("a");
	printf("b");
	printf("c\n");
	exit(0);
}
