/* Exercises: strlen() on builtins, literals and copied-in strings. */
syscall::openat:entry
{
	@len = quantize(strlen(copyinstr(arg1)));
	@name[strlen(execname)] = count();
	this->k = strlen("constant");
}
