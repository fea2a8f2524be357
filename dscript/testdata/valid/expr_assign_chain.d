/* Exercises: chained (right-associative) assignments mixing globals, thread-locals and clause-locals. */
syscall::read:entry
{
	this->t = self->t = last = timestamp;
	a = b = c = 0;
	@ = max(this->t - self->t + a + b + c + last - last);
}
