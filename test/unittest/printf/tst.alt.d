#pragma D option quiet

/* The # flag. */
BEGIN
{
	printf("[%#o][%#X]\n", 8, 255);
	exit(0);
}
