/* Exercises: string comparison operators == != < <= > >= on strings and string literals. */
syscall::openat:entry
{
	this->p = copyinstr(arg1);
	@[this->p == "/etc/passwd", this->p != "/dev/null",
	  this->p < "/m", this->p <= "/usr", this->p > "/proc", this->p >= "/tmp"] = count();
}

syscall::execve:entry
/execname < "m" && execname != ""/
{
	@early[execname] = count();
}
