/*
 * printf() conversions with no flag, width or precision, of every integer
 * size, signed and unsigned, with strings recorded as strsize buffers and
 * execname as a comm; the same values through a width, which prints them
 * by the general path.
 */
#pragma D option quiet

BEGIN
{
	c = (char)-3;
	uc = (unsigned char)250;
	s = (short)-300;
	us = (unsigned short)65000;
	i = -70000;
	ui = (unsigned int)4000000000;
	l = -5000000000;
	ul = 0xffffffffffffffff;
	str = "hello";
	printf("%d %d %d %d %d %d %d %d\n", c, uc, s, us, i, ui, l, ul);
	printf("%u %u %u %u %u %u %u %u\n", c, uc, s, us, i, ui, l, ul);
	printf("%x %X %x %X %x %X %x %X\n", c, uc, s, us, i, ui, l, ul);
	printf("%1d %1d %1d %1d %1d %1d %1d %1d\n", c, uc, s, us, i, ui, l, ul);
	printf("%1x %1X %1x %1X %1x %1X %1x %1X\n", c, uc, s, us, i, ui, l, ul);
	printf("%i|%s|%%|%s|%s\n", i, str, execname, "");
	printf("%1s|%1s|%1s\n", str, execname, "");
	exit(0);
}
