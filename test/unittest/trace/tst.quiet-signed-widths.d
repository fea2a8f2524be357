#pragma D option quiet

/* Under quiet, each width prints signed or unsigned by type. */
BEGIN
{
	trace((short)-1);
	trace(" ");
	trace((unsigned short)-1);
	trace(" ");
	trace((int)-1);
	trace(" ");
	trace((unsigned int)-1);
	trace("\n");
	exit(0);
}
