/* Exercises: #pragma D binding of inline identifiers to a D interface version. */
inline int PAGESZ = 4096;
#pragma D binding "1.0" PAGESZ
inline string TOOLNAME = "pgtrace";
#pragma D binding "1.6.2" TOOLNAME

syscall::mmap:entry
{
	@[TOOLNAME] = sum(arg1 / PAGESZ);
}
