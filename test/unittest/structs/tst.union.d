#pragma D option quiet

/* A union's members share their bytes (little-endian here). */
union word {
	uint32_t u32;
	uint16_t u16[2];
	uint8_t u8[4];
};

union word w;

BEGIN
{
	w.u32 = 0x11223344;
	printf("%x %x %x %x\n", w.u32, w.u16[0], w.u16[1], w.u8[3]);
	w.u8[0] = 0xff;
	printf("%x\n", w.u32);
	exit(0);
}
