/* @@runtest-opts: -x dynvarsize=64 -x droptags */
#pragma D option quiet

/* Under droptags, a drop message names its DTRACEDROP_* tag. */
BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[4] = 4;
	a[5] = 5;
	a[6] = 6;
	exit(0);
}
