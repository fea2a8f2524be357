/* Exercises: if statement without braces and without else. */
syscall::write:entry
{
	this->big = 0;
	if (arg2 > 65536)
		this->big = 1;
	@[this->big] = count();
}
