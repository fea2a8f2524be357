/* Exercises: normalize() with an expression computed from elapsed time. */
#pragma D option quiet

BEGIN
{
	start = timestamp;
}

syscall:::entry
{
	@rate[probefunc] = count();
}

END
{
	this->secs = (timestamp - start) / 1000000000;
	normalize(@rate, this->secs > 0 ? this->secs : 1);
	printa("%-20s %@d/s\n", @rate);
}
