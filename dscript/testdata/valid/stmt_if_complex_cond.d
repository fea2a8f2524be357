/* Exercises: if conditions with string comparisons, subroutine calls and logical operators. */
syscall::execve:entry
{
	this->cmd = copyinstr(arg0);
	if ((this->cmd == "/bin/sh" || this->cmd == "/bin/bash") && uid != 0 &&
	    !(index(this->cmd, "tmp") >= 0)) {
		@shells[uid] = count();
	} else if (basename(this->cmd) == "sudo" ^^ ppid == 1) {
		@sudo[execname] = count();
	}
}
