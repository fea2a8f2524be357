/* Exercises: array subscripts that are themselves expressions (arithmetic, ternary, function calls). */
int buckets[16];

syscall::write:entry
{
	buckets[arg2 & 15] = buckets[arg2 & 15] + 1;
	counts[strlen(execname) > 8 ? "long" : "short", arg0 % 4] = 1;
	lat[probefunc, cpu * 2 + 1] = timestamp;
}
