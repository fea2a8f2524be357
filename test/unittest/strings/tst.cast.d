/* @@nosort */
#pragma D option quiet

/*
 * (string) of a pointer is the string at that address: an alloca'd
 * buffer's (void *), a pointer to a char array; (string) of 0 is NULL.
 * A string is stored and loaded through a string *.
 */
struct buf {
	char	c[8];
};

BEGIN
{
	this->v = alloca(8);
	bcopy("void", this->v, 5);
	this->b = (struct buf *)alloca(sizeof (struct buf));
	this->b->c[0] = 'a';
	this->b->c[1] = 'r';
	this->b->c[2] = 'r';
	this->b->c[3] = '\0';
	printf("%s %s %d\n", (string)this->v, (string)&this->b->c,
	    (string)0 == NULL);
}

BEGIN
{
	this->p = (string *)alloca(sizeof (string));
	*this->p = "through a pointer";
	printf("%s %c %d\n", *this->p, (*this->p)[8], strlen(*this->p));
	exit(0);
}
