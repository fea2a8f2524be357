/* Exercises: struct definition with mixed members (scalars, char array, pointer), global struct variable, . access. */
struct stats {
	uint64_t reads;
	uint64_t writes;
	char last[16];
	int *ptr;
};

struct stats st;

syscall::read:entry
{
	st.reads++;
}

syscall::write:entry
{
	st.writes++;
}

END
{
	printf("reads=%d writes=%d\n", st.reads, st.writes);
}
