/* Exercises: conditional operator ?: with integers, strings, nesting and right associativity. */
syscall::write:entry
{
	this->sz = arg2;
	this->bucket = this->sz < 512 ? "small" : this->sz < 65536 ? "medium" : "large";
	this->fdclass = arg0 == 0 ? 0 : arg0 == 1 ? 1 : arg0 == 2 ? 2 : 3;
	this->max = (this->sz > 100 ? this->sz : 100);
	@[this->bucket, this->fdclass] = sum(this->max);
}
