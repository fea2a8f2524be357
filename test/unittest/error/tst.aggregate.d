#pragma D option quiet

/* ERROR clauses may aggregate on the fault's arguments. */
int n;

ERROR
{
	@[arg4] = count();
}

profile:::tick-100
/n < 4/
{
	n++;
	z = 0;
	z = (n % 2) ? 1 / z : *(int *)z;
}

profile:::tick-100
/n == 4/
{
	exit(0);
}
