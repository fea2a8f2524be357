/* copyout() needs -w: the refusal comes before the kernel sees the program. */
BEGIN
{
	copyout(alloca(4), arg0, 4);
	exit(0);
}
