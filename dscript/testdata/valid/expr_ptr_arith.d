/* Exercises: pointer arithmetic (ptr + n, ptr - n, ptr - ptr), indexing and dereference. */
BEGIN
{
	this->base = (int *)alloca(8 * sizeof (int));
	this->p = this->base + 3;
	*this->p = 30;
	this->q = this->p - 1;
	*this->q = 20;
	this->base[7] = 70;
	this->diff = this->p - this->base;
	printf("%d %d %d %d\n", *(this->base + 3), this->q[0], this->base[7], this->diff);
	this->c = (char *)this->base;
	this->c += 4;
	printf("%d\n", this->c - (char *)this->base);
}
