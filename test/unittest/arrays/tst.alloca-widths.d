#pragma D option quiet

/* Pointers to elements of each width move by that width. */
BEGIN
{
	this->l = (long long *)alloca(4 * sizeof (long long));
	this->l[3] = -7;
	this->s = (short *)alloca(4 * sizeof (short));
	this->s[1] = -300;
	this->c = (unsigned char *)alloca(4);
	this->c[2] = 250;
	printf("%d %d %d\n", *(this->l + 3), this->s[1], this->c[2]);
	printf("%d %d %d\n", (char *)(this->l + 3) - (char *)this->l,
	    (char *)(this->s + 3) - (char *)this->s,
	    (char *)(this->c + 3) - (char *)this->c);
	exit(0);
}
