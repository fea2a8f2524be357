/* Exercises: strings in ternaries, as associative keys and compared in predicates. */
syscall::read:entry,
syscall::write:entry
{
	this->dir = probefunc == "read" ? "in" : "out";
	this->who = uid == 0 ? "root" : "user";
	@[this->dir, this->who] = sum(arg2);
}
