#pragma D option quiet

/*
 * An access through an alloca pointer must lie in what the clause has
 * allocated (its size rounded up to 8 bytes): a load or store before the
 * start of the memory or past its end is a bad address, an access that
 * starts inside but ends past it an invalid size.
 */
BEGIN
{
	this->p = (int *)alloca(8);
	this->p[0] = 1;
	this->p[1] = 2;
	printf("%d %d\n", this->p[0], this->p[1]);
}

BEGIN
{
	this->p = (int *)alloca(8);
	trace(this->p[-1]);
}

BEGIN
{
	this->p = (int *)alloca(8);
	trace(this->p[2]);
}

BEGIN
{
	this->p = (int *)alloca(8);
	this->p[-1] = 0;
}

BEGIN
{
	this->c = (char *)alloca(12);
	this->l = (long *)(this->c + 12);
	trace(*this->l);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
