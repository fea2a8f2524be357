#pragma D option quiet

/* Clause-local variables. */
BEGIN
{
	this->a = 4;
	this->b = this->a * 2 + 1;
	printf("%d %d\n", this->a, this->b);
	exit(0);
}
