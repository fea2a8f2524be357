/* @@trigger: while :; do umask 0753; done */
/* @@timeout: 30 */
#pragma D option quiet

/*
 * A firing that interrupts another on its CPU leaves the other's probe
 * context and scratch alone: profile-4999's clause, run in the timer's
 * interrupt, writes the same clause-local variables and builds strings
 * while system call clauses are halfway through theirs. Each umask() firing
 * checks at its end what it computed at its start.
 */
int n;

syscall::umask:entry
/arg0 == 0753/
{
	this->x = arg0 * 3 + 1;
	this->s = strjoin(lltostr(arg0), "-tail");
	this->t = strjoin(this->s, strjoin("-", lltostr(this->x)));
	this->u = strjoin(this->t, this->s);
	@bad = sum(this->x != 1474 || this->s != "491-tail" || this->t != "491-tail-1474" ||
	    this->u != "491-tail-1474491-tail" || arg0 != 0753 || probefunc != "umask");
	n++;
}

profile-4999
{
	this->x = cpu;
	this->s = strjoin("profile-", lltostr(cpu));
	this->t = strjoin(this->s, strjoin("-", lltostr(this->x)));
	this->u = strjoin(this->t, this->s);
}

tick-3s
{
	printa("mismatches: %@d\n", @bad);
	printf("fired: %s\n", n > 10000 ? "enough" : "too few");
	exit(0);
}
