/*
 * inet_ntoa6 writes an address as DTrace for Linux does: an IPv4-mapped or
 * IPv4-compatible one as its IPv4 part, any other as RFC 5952 writes it
 * (the longest run of two or more zero groups, the first of equal ones, as
 * "::"; a single zero group as 0).
 */
#pragma D option quiet
uint16_t *w;
BEGIN
{
	w = alloca(16);
	/* no zero run: all groups */
	w[0] = htons(0x2001); w[1] = htons(0xdb8); w[2] = htons(1); w[3] = htons(2);
	w[4] = htons(3); w[5] = htons(4); w[6] = htons(5); w[7] = htons(6);
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	/* one zero group is not compressed */
	w[3] = 0;
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	/* two runs of two: the first */
	w[2] = 0; w[5] = 0; w[6] = 0;
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	/* the longer run wins */
	w[4] = 0;
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	/* a run at the end */
	w[0] = htons(0xfe80); w[1] = 0; w[2] = 0; w[3] = 0; w[4] = htons(0x1234); w[5] = 0; w[6] = 0; w[7] = 0;
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	/* all zero, loopback, mapped, compatible */
	w[0] = 0; w[4] = 0;
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	w[7] = htons(1);
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	w[5] = 0xffff; w[6] = htons(0xc0a8); w[7] = htons(0x0101);
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	w[5] = 0;
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	/* a run at the start */
	w[0] = 0; w[1] = 0; w[2] = htons(0xabcd); w[6] = 0; w[7] = htons(1);
	printf("%s\n", inet_ntoa6((in6_addr_t *)w));
	exit(0);
}
