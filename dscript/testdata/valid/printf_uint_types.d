/* Exercises: %u/%x/%o over every unsigned typedef width. */
#pragma D option quiet

BEGIN
{
	printf("%u %u %u %u\n", (uint8_t)250, (uint16_t)65000, (uint32_t)4000000000, (uint64_t)-1);
	printf("%x %x %x %x\n", (uint8_t)250, (uint16_t)65000, (uint32_t)4000000000, (uint64_t)-1);
	printf("%o %o\n", (size_t)8, (uintptr_t)64);
	exit(0);
}
