/* Exercises: explicitly declared globals of several types before use. */
int nopen;
uint64_t bytes;
string lastfile;
int64_t minret;

BEGIN
{
	minret = 0x7fffffffffffffff;
}

syscall::openat:entry
{
	nopen++;
	lastfile = copyinstr(arg1);
}

syscall::read:return
/(int64_t)arg0 >= 0/
{
	bytes += arg0;
	minret = (int64_t)arg0 < minret ? (int64_t)arg0 : minret;
}

END
{
	printf("%d opens, %d bytes, min %d, last=%s\n", nopen, bytes, minret, lastfile);
}
