/* Exercises: inet_ntop() with AF_INET (2) and AF_INET6 (10) address families. */
syscall::connect:entry
{
	this->buf = (uint8_t *)copyin(arg1, 28);
	this->fam = *(uint16_t *)this->buf;
	this->v4 = inet_ntop(2, (void *)(this->buf + 4));
	this->v6 = inet_ntop(10, (void *)(this->buf + 8));
	@[this->fam == 2 ? this->v4 : this->v6] = count();
}
