#pragma D option bufsize=xyz

BEGIN
{
	trace(1);
}
