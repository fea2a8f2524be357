#pragma D option quiet

/* String literals hold the bytes written, UTF-8 or not. */
BEGIN
{
	printf("aéb|%s|\n", "cÿd");
	exit(0);
}
