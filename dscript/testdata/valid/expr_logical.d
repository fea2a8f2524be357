/* Exercises: logical && || ! and the D logical XOR operator ^^, with precedence. */
syscall::read:entry
{
	this->a = arg0 == 0;
	this->b = arg2 > 4096;
	this->x = this->a && this->b;
	this->y = this->a || this->b;
	this->z = this->a ^^ this->b;
	this->n = !this->a;
	this->p = this->a || this->b && !this->a;
	this->q = this->a ^^ this->b || this->a && this->b;
	@[this->x, this->y, this->z, this->n] = count();
	@pq[this->p, this->q] = count();
}
