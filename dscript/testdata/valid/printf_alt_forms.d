/* Exercises: # alternate forms with width, and ? (pointer-width) flag. */
#pragma D option quiet

syscall::mmap:return
{
	printf("%#018x %#o %?p\n", arg0, (uint_t)arg0 & 0777, arg0);
}
