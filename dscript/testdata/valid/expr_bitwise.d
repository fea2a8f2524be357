/* Exercises: bitwise & | ^ ~ and shifts << >> with precedence mixes. */
BEGIN
{
	f = 0xf0;
	g = 0x3c;
	printf("%x %x %x %x\n", f & g, f | g, f ^ g, ~f & 0xff);
	printf("%x %x\n", 1 << 4, 0x100 >> 2);
	printf("%x %x\n", f & g | 1, f & (g | 1));
	printf("%x %x\n", f | g ^ 0xff, (f | g) ^ 0xff);
	printf("%x %x\n", 1 << 2 + 1, (1 << 2) + 1);
	printf("%x\n", f >> 4 & 0x3);
}
