#pragma D option quiet

/* Under quiet, trace() prints integers bare. */
BEGIN
{
	trace(1);
	trace(-2);
	trace((char)-3);
	trace((unsigned char)250);
	trace((long long)4);
	trace("\n");
	exit(0);
}
