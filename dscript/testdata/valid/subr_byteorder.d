/* Exercises: htons/htonl/htonll and ntohs/ntohl/ntohll byte-order conversions. */
BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0x3412), ntohl(0x78563412), ntohll(0x0807060504030201));
	printf("%d\n", ntohs(htons(8080)));
	exit(0);
}
