#pragma D option quiet

/*
 * The D library names link_ntop()'s hardware types: ARPHRD_ETHER and
 * ARPHRD_INFINIBAND, Linux's values.
 */
BEGIN
{
	this->a = (uint32_t *)alloca(20);
	this->a[0] = htonl(0x0242ac11);
	this->a[1] = htonl(0x0007fe80);
	this->a[2] = htonl(0x00000000);
	this->a[3] = htonl(0x0a0b0c0d);
	this->a[4] = htonl(0x01020304);
	printf("%d %d\n", ARPHRD_ETHER, ARPHRD_INFINIBAND);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->a));
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, this->a));
	exit(0);
}
