#pragma D option quiet
#pragma D option strsize=8

/* execname is read whole (16 bytes) whatever strsize. */
BEGIN
{
	printf("%s|%s|\n", execname, probename);
	exit(0);
}
