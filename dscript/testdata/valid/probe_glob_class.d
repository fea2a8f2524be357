/* Exercises: character-class glob in the function field (syscall::[rw]rite:entry). */
syscall::[rw]rite:entry
{
	@[probefunc] = quantize(arg2);
}
