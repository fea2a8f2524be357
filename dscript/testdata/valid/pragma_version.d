/* Exercises: #pragma D option version to bind the whole program to a D version. */
#pragma D option version=1.0

BEGIN
{
	trace("version pinned");
}
