/* speculate() may not follow data-recording actions. */
BEGIN
{
	printf("data\n");
	speculate(1);
}
