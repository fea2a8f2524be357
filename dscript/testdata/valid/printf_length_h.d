/* Exercises: h length modifier conversions %hd %hi %ho %hu %hx %hX with short arguments. */
#pragma D option quiet

BEGIN
{
	s = (short)-2;
	us = (unsigned short)65535;
	printf("%hd %hi %ho %hu %hx %hX\n", s, s, us, us, s, s);
	exit(0);
}
