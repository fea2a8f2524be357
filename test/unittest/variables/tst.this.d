#pragma D option quiet

/* Clause-local variables hold values within a clause. */
BEGIN
{
	this->x = 11;
	this->y = this->x + 1;
	printf("%d %d\n", this->x, this->y);
	exit(0);
}
