#pragma D option quiet

/* ERROR clauses may aggregate on the fault's arguments. */
int n;

ERROR
{
	@[arg4] = count();
}

profile:::tick-10ms
/n < 4/
{
	n++;
	z = 0;
	z = (n % 2) ? 1 / z : *(int *)z;
}

profile:::tick-10ms
/n == 4/
{
	exit(0);
}
