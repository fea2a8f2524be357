/* Exercises: inet_ntoa6() on a copied-in 16-byte IPv6 address. */
struct my_sockaddr_in6 {
	uint16_t family;
	uint16_t port;
	uint32_t flowinfo;
	uint8_t addr[16];
	uint32_t scope;
};

syscall::connect:entry
{
	this->sa = (struct my_sockaddr_in6 *)copyin(arg1, sizeof (struct my_sockaddr_in6));
	this->a6 = (void *)alloca(16);
	bcopy(this->sa->addr, this->a6, 16);
	@[inet_ntoa6(this->a6)] = count();
}
