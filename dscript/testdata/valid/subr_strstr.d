/* Exercises: strstr() result used as a string value and aggregation key. */
syscall::execve:entry
{
	this->cmd = copyinstr(arg0);
	this->found = strstr(this->cmd, "python");
	@[this->found] = count();
}
