#pragma D option quiet

/* 8- and 16-bit keys print as unsigned values. */
BEGIN
{
	@c[(char)-2] = count();
	@s[(short)-2] = count();
	exit(0);
}
