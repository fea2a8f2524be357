/* Exercises: if statement guarding assignments in clause alongside predicate-driven control. */
#pragma D option quiet

BEGIN
{
	mode = 1;
}

syscall::read:entry
/mode/
{
	if (arg2 >= 8192)
		self->big = 1;
	else
		self->big = 0;
}

syscall::read:return
/self->big/
{
	@bigreads[execname] = quantize(arg0);
	self->big = 0;
}
