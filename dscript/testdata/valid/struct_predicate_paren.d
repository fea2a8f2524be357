/* Exercises: predicates with nested parentheses, negation and mixed logical operators. */
syscall::write:entry
/(arg0 == 1 || arg0 == 2) && !(pid == $pid)/
{
	@bytes[execname] = sum(arg2);
}
