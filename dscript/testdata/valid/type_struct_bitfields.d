/* Exercises: struct with bitfield members of various widths, reading them through a pointer. */
struct hdr {
	unsigned int version : 4;
	unsigned int ihl : 4;
	unsigned int tos : 8;
	unsigned int len : 16;
	int sflag : 1;
	unsigned int : 3;
	uint8_t ttl;
};

syscall::sendto:entry
{
	this->h = (struct hdr *)copyin(arg1, sizeof (struct hdr));
	@ver[this->h->version, this->h->ihl] = count();
	@len = quantize(this->h->len);
}
