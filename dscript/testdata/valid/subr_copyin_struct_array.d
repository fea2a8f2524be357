/* Exercises: copyin() of an array of script-declared structs and indexed access. */
struct pollfd_s {
	int fd;
	short events;
	short revents;
};

syscall::poll:entry
/arg1 >= 2/
{
	this->fds = (struct pollfd_s *)copyin(arg0, 2 * sizeof (struct pollfd_s));
	@ev[this->fds[0].fd, this->fds[0].events] = count();
	@ev[this->fds[1].fd, this->fds[1].events] = count();
}
