/* Exercises: typedef of a builtin type, then the typedef name in declarations, casts and sizeof. */
typedef int foo_t;
typedef unsigned long long bytes_t;

foo_t ncalls;
bytes_t total;

syscall::write:entry
{
	ncalls = (foo_t)arg0;
	total += (bytes_t)arg2;
	@sz = max(sizeof (foo_t) + sizeof (bytes_t));
}
