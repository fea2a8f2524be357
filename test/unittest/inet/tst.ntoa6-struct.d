#pragma D option quiet

/*
 * inet_ntoa6() takes a struct in6_addr *, which the D library's in6_addr_t
 * names: an address the kernel's struct describes, or one cast to
 * in6_addr_t *.
 */
BEGIN
{
	this->a = (struct in6_addr *)alloca(sizeof(struct in6_addr));
	this->a->in6_u.u6_addr32[0] = htonl(0x20010db8);
	this->a->in6_u.u6_addr32[1] = 0;
	this->a->in6_u.u6_addr32[2] = 0;
	this->a->in6_u.u6_addr32[3] = htonl(1);
	printf("%s\n", inet_ntoa6(this->a));
	printf("%s\n", inet_ntoa6((in6_addr_t *)this->a));
	printf("%d %d\n", sizeof(in6_addr_t), sizeof(*this->a));
	exit(0);
}
