/* Exercises: if with empty statement bodies and empty braced blocks. */
syscall::close:entry
{
	if (arg0 > 2)
		;
	else {
	}
	if (arg0 == 0) {
	}
	@ = count();
}
