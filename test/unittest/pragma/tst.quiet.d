#pragma D option quiet

/* #pragma D option quiet suppresses the notice, header and probe lines. */
BEGIN
{
	trace(1);
	trace("\n");
	exit(0);
}
