/* @@runtest-opts: -q -c unittest/stack/uaddr-target.sh */
/* @@nosort */

/*
 * With a target process, %A also takes an integer: a user address,
 * symbolized in the process that fired as uaddr() is (pfcheck_uaddr).
 */
syscall::getppid:entry
/pid == $target && execname == "ustackprogA"/
{
	printf("%A\n", ucaller);
	printf("%A|%A\n", (uint64_t)ucaller, uaddr(ucaller));
	exit(0);
}
