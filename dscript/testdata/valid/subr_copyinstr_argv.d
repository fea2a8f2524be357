/* Exercises: copyinstr() on elements of a copied-in argv pointer array (uintptr_t-sized). */
#pragma D option quiet
#pragma D option strsize=256

syscall::execve:entry
{
	this->argv = (uintptr_t *)copyin(arg1, 3 * sizeof (uintptr_t));
	printf("%s", copyinstr(arg0));
	printf(" %s", this->argv[1] ? copyinstr(this->argv[1]) : "");
	printf(" %s\n", this->argv[1] && this->argv[2] ? copyinstr(this->argv[2]) : "");
}
