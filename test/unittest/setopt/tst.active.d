#pragma D option quiet

/* Run-time options that cannot change while tracing are refused. */
BEGIN
{
	setopt("bufsize", "1m");
	setopt("strsize", "32");
	setopt("destructive");
	exit(0);
}
