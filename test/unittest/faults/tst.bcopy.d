#pragma D option quiet

/*
 * bcopy() faults on a NULL source (bad address), a size past scratchsize
 * or a negative one (invalid size), and a copy past what the clause
 * allocated at the destination (invalid size).
 */
BEGIN
{
	this->s = (char *)alloca(8);
	this->d = (char *)alloca(8);
	this->s[0] = 'h'; this->s[1] = 'i'; this->s[2] = 0;
	bcopy(this->s, this->d, 3);
	printf("%s\n", stringof(this->d));
}

BEGIN
{
	this->d = (char *)alloca(8);
	bcopy(NULL, this->d, 4);
}

BEGIN
{
	this->d = (char *)alloca(16);
	bcopy((void *)curthread, this->d, 100000);
}

BEGIN
{
	this->d = (char *)alloca(16);
	n = -1;
	bcopy((void *)curthread, this->d, n);
}

BEGIN
{
	this->d = (char *)alloca(16);
	bcopy((void *)curthread, this->d, 24);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
