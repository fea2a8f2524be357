/* The destructive option set by a pragma allows them too. */
#pragma D option destructive
#pragma D option quiet

BEGIN
{
	system("echo allowed");
	exit(0);
}
