/* Data-recording actions may not follow commit(). */
BEGIN
{
	commit(1);
	printf("data\n");
}
