/* @@nosort */
#pragma D option quiet

/* One printf can print several lines. */
BEGIN
{
	printf("one\ntwo\nthree\n");
	exit(0);
}
