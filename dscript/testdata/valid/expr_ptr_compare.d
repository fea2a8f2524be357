/* Exercises: pointer comparisons (==, !=, <, >=) and comparison against NULL / 0. */
syscall::write:entry
{
	this->p = (char *)arg1;
	this->end = this->p + arg2;
	this->mid = this->p + arg2 / 2;
	@[this->mid < this->end, this->mid >= this->p, this->p != NULL,
	    this->p == (char *)0] = count();
}
