/* Exercises: an inline whose value is an xlate<T *> expression over a global pointer (library-style curpsinfo pattern). */
struct raw_hdr {
	uint16_t h_type;
	uint16_t h_len;
};

struct hdrinfo {
	int type;
	int len;
};

translator struct hdrinfo < struct raw_hdr *h > {
	type = h->h_type;
	len = h->h_len;
};

struct raw_hdr *lasthdr;

inline struct hdrinfo *curhdr = xlate <struct hdrinfo *> (lasthdr);

syscall::sendto:entry
{
	lasthdr = (struct raw_hdr *)arg1;
	@types[curhdr->type] = sum(curhdr->len);
}
