/* Exercises: union definition, global union variable, and union inside a struct. */
union word {
	uint32_t u32;
	uint16_t u16[2];
	uint8_t u8[4];
};

struct tagged {
	int kind;
	union {
		int64_t i;
		char s[8];
	} val;
};

union word w;

BEGIN
{
	w.u32 = 0x11223344;
	printf("%x %x %x\n", w.u32, w.u16[0], w.u8[3]);
	this->t = (struct tagged *)alloca(sizeof (struct tagged));
	this->t->kind = 1;
	this->t->val.i = -5;
	printf("%d %d\n", this->t->kind, this->t->val.i);
}
