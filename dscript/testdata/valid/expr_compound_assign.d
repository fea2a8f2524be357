/* Exercises: all compound assignment operators += -= *= /= %= &= |= ^= <<= >>=. */
BEGIN
{
	v = 100;
	v += 10;
	v -= 5;
	v *= 3;
	v /= 7;
	v %= 40;
	v &= 0xff;
	v |= 0x100;
	v ^= 0x0f;
	v <<= 2;
	v >>= 1;
	printf("%d\n", v);
}
