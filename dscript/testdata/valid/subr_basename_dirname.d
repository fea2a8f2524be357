/* Exercises: basename() and dirname() on copied-in paths and literals. */
syscall::unlinkat:entry
{
	this->p = copyinstr(arg1);
	printf("%s in %s\n", basename(this->p), dirname(this->p));
	trace(basename("/a/b/c.txt"));
	trace(dirname("/a/b/c.txt"));
}
