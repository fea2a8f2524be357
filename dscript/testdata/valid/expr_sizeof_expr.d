/* Exercises: sizeof applied to expressions, with and without parentheses. */
struct pkt { char hdr[20]; uint32_t seq; };
struct pkt p;
uint16_t port;

BEGIN
{
	printf("%d %d\n", sizeof p, sizeof (p));
	printf("%d %d\n", sizeof p.hdr, sizeof (p.seq));
	printf("%d %d\n", sizeof port, sizeof (port + 1));
	printf("%d\n", sizeof (struct pkt) - sizeof p.hdr);
}
