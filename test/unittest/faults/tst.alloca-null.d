#pragma D option quiet

/*
 * An alloca pointer's variable may be assigned NULL; a store through it
 * then is outside the clause's scratch memory and faults.
 */
BEGIN
{
	this->p = (int *)alloca(8);
	this->p = NULL;
	*this->p = 1;
	printf("not reached\n");
}

BEGIN
{
	printf("next clause\n");
	exit(0);
}
