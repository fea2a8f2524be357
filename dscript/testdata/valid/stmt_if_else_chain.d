/* Exercises: else-if chains mixing braced and unbraced branches. */
syscall::write:entry
{
	if (arg2 < 64)
		this->b = "tiny";
	else if (arg2 < 4096) {
		this->b = "page";
	} else if (arg2 < 1048576)
		this->b = "large";
	else {
		this->b = "huge";
	}
	@[this->b] = count();
}
