/* Exercises: decimal, octal and hexadecimal integer constants, upper and lower case hex digits. */
BEGIN
{
	dec = 1234;
	oct = 0755;
	hex = 0xdeadBEEF;
	hex2 = 0XFF;
	zero = 0;
	big = 9223372036854775807;
	printf("%d %o %x %X %d %d\n", dec, oct, hex, hex2, zero, big);
}
