/* Exercises: copyinto() into alloca()'d scratch space, then stringof. */
syscall::write:entry
/arg0 == 2 && arg2 >= 32/
{
	this->buf = (char *)alloca(32);
	copyinto(arg1, 32, this->buf);
	this->buf[31] = '\0';
	printf("stderr: %s\n", stringof(this->buf));
}
