/* Exercises: provider probes with native : translated argument lists. */
struct conn_raw {
	int fd;
	uint32_t addr;
};

struct conninfo {
	int fd;
	uint32_t ip;
};

translator struct conninfo < struct conn_raw *c > {
	fd = c->fd;
	ip = c->addr;
};

provider netd {
	probe conn__open(struct conn_raw *) : (struct conninfo *);
	probe conn__close(struct conn_raw *, int) : (struct conninfo *, int);
	probe empty();
};

BEGIN
{
	exit(0);
}
