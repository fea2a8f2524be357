/* Exercises: usual arithmetic conversions between signed/unsigned and differently sized integers. */
int8_t s8;
uint8_t u8;
int32_t s32;
uint64_t u64;

BEGIN
{
	s8 = -1;
	u8 = 200;
	s32 = -100000;
	u64 = 1;
	printf("%d %d %d\n", s8 + u8, s32 * s8, u64 + s8);
	printf("%d %d\n", s8 < u8, (uint32_t)s32 > u64);
}
