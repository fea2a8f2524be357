#pragma D option quiet

/* The - flag left-justifies. */
BEGIN
{
	printf("[%-5d][%-5s]\n", 42, "ab");
	exit(0);
}
