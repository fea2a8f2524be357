#pragma D option quiet

/* Indexing and pointer arithmetic on alloca'd memory scale by the element size. */
BEGIN
{
	this->p = (int *)alloca(8 * sizeof (int));
	this->p[2] = 5;
	*this->p = 30;
	*(this->p + 1) = 40;
	i = 3;
	this->p[i] = this->p[2] + 1;
	this->q = &this->p[2];
	this->r = this->p;
	this->r++;
	this->r += 2;
	printf("%d %d %d %d %d\n", this->p[0], this->p[1], *this->q, *(this->p + i), *this->r);
	printf("%d %d %d\n", this->q - this->p, this->p - this->q, (char *)this->q - (char *)this->p);
	exit(0);
}
