/* Exercises: fixed-width and predefined D typedefs int8_t..uint64_t, intptr_t, uintptr_t, size_t, ssize_t, ptrdiff_t. */
int8_t a;
int16_t b;
int32_t c;
int64_t d;
uint8_t e;
uint16_t f;
uint32_t g;
uint64_t h;
intptr_t ip;
uintptr_t up;
size_t sz;
ssize_t ssz;
ptrdiff_t pd;

BEGIN
{
	a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8;
	ip = -1; up = 0x1000; sz = 4096; ssz = -1; pd = 16;
	printf("%d %d %d %d %u %u %u %u\n", a, b, c, d, e, f, g, h);
	printf("%d %x %u %d %d\n", ip, up, sz, ssz, pd);
}
