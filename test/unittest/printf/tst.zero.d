#pragma D option quiet

/* The 0 flag pads with zeros. */
BEGIN
{
	printf("[%05d][%010d][%08x]\n", 42, -42, 255);
	exit(0);
}
