/* @@runtest-opts: -w */
/* A statement calling a destructive subroutine may not follow speculate(). */
BEGIN
{
	speculate(1);
	copyout(0, 0, 0);
}
