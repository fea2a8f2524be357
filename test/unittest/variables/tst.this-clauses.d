#pragma D option quiet

/*
 * Clause-local variables belong to the clauses that use them: BEGIN's and
 * END's eight strings need not fit together. A value persists across the
 * clauses of one firing.
 */
BEGIN
{
	this->a = "a"; this->b = "b"; this->c = "c"; this->d = "d";
}

BEGIN
{
	printf("%s%s%s%s\n", this->a, this->b, this->c, this->d);
	exit(0);
}

END
{
	this->e = "e"; this->f = "f"; this->g = "g"; this->h = "h";
}

END
{
	printf("%s%s%s%s\n", this->e, this->f, this->g, this->h);
}
