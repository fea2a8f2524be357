/*
 * ++ and -- declare a variable not yet declared, of type int64_t
 * (dt_cook_op1): a global, a thread-local and a clause-local variable, an
 * associative array element; the predicate may use a variable its own
 * clause's body declares, as the body is checked first.
 */
BEGIN
/n == 0 && self->m == 0/
{
	n++;
	self->m--;
	++this->k;
	--counts[execname, pid];
	self->per[tid]++;
	@ = sum(n + self->m + this->k + counts[execname, pid] + self->per[tid]);
}

BEGIN
{
	x = (int64_t)n;
	y = (int64_t)counts["x", 1];
}
