/* Exercises: dereferencing copied-in user memory through typed pointers, including pointer-to-pointer. */
syscall::execve:entry
{
	this->argv = (uint64_t *)copyin(arg1, 2 * sizeof (uint64_t));
	this->arg0p = this->argv[0];
	this->arg1p = *(this->argv + 1);
	printf("%s %s\n", copyinstr(this->arg0p),
	    this->arg1p ? copyinstr(this->arg1p) : "");
}
