/* @@nosort */
#pragma D option quiet

/*
 * speculate() in an if statement makes the clause's records speculative
 * only when it runs; records of both branches follow it.
 */
BEGIN
{
	self->spec = speculation();
}

BEGIN
{
	if (self->spec == 1) {
		speculate(self->spec);
	}
	printf("first %s\n", "speculative");
	if (self->spec == 1) {
		printf("second speculative\n");
	} else {
		printf("never\n");
	}
}

BEGIN
{
	if (self->spec == 2) {
		speculate(self->spec);
	}
	printf("not speculative\n");
}

BEGIN
{
	commit(self->spec);
}

BEGIN
{
	exit(0);
}
