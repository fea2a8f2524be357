/* Exercises: rand() for sampling 1 in 100 events. */
syscall::read:entry
/rand() % 100 == 0/
{
	@sampled[execname] = count();
}

syscall::write:entry
{
	@dist = lquantize(rand() % 10, 0, 10, 1);
}
