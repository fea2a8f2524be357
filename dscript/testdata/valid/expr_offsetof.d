/* Exercises: offsetof() on struct and typedef'd struct members, used in arithmetic. */
struct rec {
	uint8_t kind;
	uint32_t id;
	uint64_t when;
	char name[24];
};
typedef struct rec rec_t;

BEGIN
{
	printf("%d %d %d %d\n", offsetof(struct rec, kind), offsetof(struct rec, id),
	    offsetof(struct rec, when), offsetof(rec_t, name));
	printf("%d\n", sizeof (struct rec) - offsetof(struct rec, name));
}
