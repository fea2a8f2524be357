/* Exercises: ? wildcard and a negated character class in probe descriptions. */
syscall::?etpid:entry,
syscall::[!r]ead*:entry
{
	@[probefunc] = count();
}
