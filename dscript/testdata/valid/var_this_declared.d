/* Exercises: declared clause-local variables (this int, this string) shared across clauses for one probe firing. */
this string name;
this int64_t ret;

syscall::openat:return
{
	this->ret = (int64_t)arg0;
	this->name = this->ret < 0 ? "fail" : "ok";
}

syscall::openat:return
/this->ret < 0/
{
	@fails[execname, this->name] = count();
}
