#pragma D option quiet

/*
 * inet_ntoa6()'s optional second argument, an integer constant: other
 * than 0, an IPv4-mapped address is written whole, as inet_ntop() writes
 * it, instead of as its IPv4 part.
 */
BEGIN
{
	this->a = (uint8_t *)alloca(16);
	*(uint64_t *)this->a = 0;
	*(uint16_t *)(this->a + 8) = 0;
	this->a[10] = 0xff; this->a[11] = 0xff;
	this->a[12] = 10; this->a[13] = 0; this->a[14] = 0; this->a[15] = 1;
	printf("%s\n", inet_ntoa6((in6_addr_t *)this->a));
	printf("%s\n", inet_ntoa6((in6_addr_t *)this->a, 0));
	printf("%s\n", inet_ntoa6((in6_addr_t *)this->a, 1));
	exit(0);
}
