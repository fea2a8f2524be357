/* Exercises: composition of many string subroutines in one expression. */
syscall::openat:entry
{
	this->p = cleanpath(copyinstr(arg1));
	this->s = toupper(substr(basename(this->p), 0, index(basename(this->p), ".") > 0 ?
	    index(basename(this->p), ".") : strlen(basename(this->p))));
	@[this->s, strlen(dirname(this->p))] = count();
}
