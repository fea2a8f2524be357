/* Exercises: four levels of nested if/else with mixed bracing. */
syscall::write:entry
{
	this->c = 0;
	if (arg0 > 0) {
		if (arg2 > 0) {
			if (arg2 > 1024)
				if (arg2 > 65536) {
					this->c = 4;
				} else
					this->c = 3;
			else
				this->c = 2;
		} else {
			this->c = 1;
		}
	}
	@[this->c] = count();
}
