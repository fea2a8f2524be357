/* Exercises: casts to signed/unsigned widths (truncation and sign extension) and to pointers. */
BEGIN
{
	big = 0x1234567890abcdef;
	printf("%x %x %x\n", (uint8_t)big, (uint16_t)big, (uint32_t)big);
	printf("%d %d\n", (char)0xff, (unsigned char)0xff);
	printf("%d %d\n", (short)-1, (unsigned short)-1);
	printf("%d\n", (int64_t)(int32_t)0xffffffff);
	printf("%p\n", (void *)big);
	printf("%d\n", (long)(char *)1000);
}
