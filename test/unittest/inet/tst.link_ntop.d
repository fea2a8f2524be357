#pragma D option quiet

/*
 * link_ntop() writes an Ethernet (ARPHRD_ETHER, 6 bytes) or InfiniBand
 * (ARPHRD_INFINIBAND, 20 bytes) address as hex pairs separated by ':'. Any
 * other type is an illegal operation; a NULL address a bad address.
 */
BEGIN
{
	this->a = (uint8_t *)alloca(20);
	this->i = 0;
	this->a[0] = 0x00; this->a[1] = 0x1b; this->a[2] = 0x21; this->a[3] = 0xa0;
	this->a[4] = 0xfe; this->a[5] = 0x09; this->a[6] = 0x80; this->a[7] = 0x00;
	this->a[8] = 0x00; this->a[9] = 0x48; this->a[10] = 0xfe; this->a[11] = 0x80;
	this->a[12] = 0x00; this->a[13] = 0x00; this->a[14] = 0x00; this->a[15] = 0x00;
	this->a[16] = 0x01; this->a[17] = 0x02; this->a[18] = 0x03; this->a[19] = 0x04;
	printf("%s\n", link_ntop(1, this->a));
	printf("%s\n", link_ntop(32, this->a));
}

BEGIN
{
	link_ntop(2, alloca(8));
}

BEGIN
{
	link_ntop(1, NULL);
}

BEGIN
{
	exit(0);
}
