/* Exercises: strjoin() nested to build a composite string. */
syscall::execve:entry
{
	this->who = strjoin(execname, strjoin(":", lltostr(pid)));
	this->line = strjoin(strjoin("[", this->who), "]");
	@[this->line] = count();
}
