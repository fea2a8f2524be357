/* Exercises: nested if statements, including dangling else binding to the inner if. */
syscall::openat:entry
{
	this->path = copyinstr(arg1);
	this->kind = 0;
	if (uid == 0) {
		if (this->path == "/etc/shadow")
			this->kind = 1;
		else
			this->kind = 2;
	} else {
		if (index(this->path, "/home/") >= 0)
			if (strlen(this->path) > 32)
				this->kind = 3;
			else
				this->kind = 4;
	}
	@[this->kind] = count();
}
