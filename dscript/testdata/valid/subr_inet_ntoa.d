/* Exercises: inet_ntoa() on a copied-in IPv4 address (sockaddr_in layout declared in the script). */
struct my_sockaddr_in {
	uint16_t family;
	uint16_t port;
	uint32_t addr;
	uint8_t zero[8];
};

syscall::connect:entry
{
	this->sa = (struct my_sockaddr_in *)copyin(arg1, sizeof (struct my_sockaddr_in));
	this->a = (uint32_t *)alloca(sizeof (uint32_t));
	*this->a = this->sa->addr;
	printf("%s -> %s:%d\n", execname, inet_ntoa((void *)this->a), ntohs(this->sa->port));
}
