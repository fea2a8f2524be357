#pragma D option quiet

/*
 * exit() on END does not stop END's other clauses: DTrace runs them while
 * its activity state is draining, which exit() leaves as it is.
 */
BEGIN
{
	exit(0);
}

END
{
	exit(0);
}

END
{
	@["after exit() on END"] = count();
}
