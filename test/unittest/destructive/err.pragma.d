/* An option that is not destructive does not allow them. */
#pragma D option quiet

BEGIN
{
	system("echo never");
	exit(0);
}
