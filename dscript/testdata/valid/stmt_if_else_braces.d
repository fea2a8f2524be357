/* Exercises: if/else with braced blocks containing several statements. */
#pragma D option quiet

syscall::read:return
{
	if ((int)arg0 < 0) {
		@errors[execname] = count();
		self->last = errno;
	} else {
		@bytes[execname] = sum(arg0);
		self->last = 0;
	}
}
