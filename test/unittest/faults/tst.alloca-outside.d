#pragma D option quiet

/*
 * A store through a pointer outside the scratch memory alloca gave
 * faults: the clause is abandoned and tracing goes on.
 */
BEGIN
{
	i = 100000;
	this->p = (int *)alloca(8);
	this->p[i] = 1;
	printf("not reached\n");
}

BEGIN
{
	printf("next clause\n");
	exit(0);
}
