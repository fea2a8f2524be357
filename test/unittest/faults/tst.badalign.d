#pragma D option quiet

/*
 * A 2-, 4- or 8-byte store through a pointer not aligned to its size
 * faults (invalid alignment), as DTrace checks its stores; loads do not
 * fault on x86.
 */
BEGIN
{
	this->p = (char *)alloca(16);
	*(long long *)this->p = 0;
	*(long long *)(this->p + 8) = 0;
	*(int *)(this->p + 4) = 7;
	printf("aligned store %d, unaligned load %d\n", *(int *)(this->p + 4), *(int *)(this->p + 1));
}

BEGIN
{
	this->p = (char *)alloca(16);
	*(short *)(this->p + 3) = 1;
}

BEGIN
{
	this->q = (long long *)((char *)alloca(16) + 4);
	*this->q = 1;
}

BEGIN
{
	this->r = (int *)((char *)alloca(8) + 2);
	(*this->r)++;
}

BEGIN
{
	this->c = (char *)alloca(8);
	this->c[3] = 'x';
	printf("a char store is never misaligned\n");
	exit(0);
}
