/*
 * The provider of the usdt tests' application, declared as applications
 * declare theirs: probes with strings and integers, a connection whose
 * structure D sees translated, and DTrace's stability pragmas after the
 * declaration. build.sh turns it into provider.h (dtrace -h) and
 * provider.o (dtrace -G).
 */

typedef struct app_conn {
	int ac_fd;
	unsigned short ac_port;
} app_conn_t;

typedef struct conninfo {
	int ci_fd;
	int ci_port;
} conninfo_t;

translator conninfo_t < app_conn_t *C > {
	ci_fd = *(int *)copyin((uintptr_t)&C->ac_fd, sizeof (int));
	ci_port = *(unsigned short *)copyin((uintptr_t)&C->ac_port, sizeof (unsigned short));
};

provider myapp {
	probe query__start(char *, int);
	probe query__done(int, long);
	probe conn__open(app_conn_t *c) : (conninfo_t *c);
	probe tick();
};

#pragma D attributes Evolving/Evolving/Common provider myapp provider
#pragma D attributes Private/Private/Unknown provider myapp module
#pragma D attributes Private/Private/Unknown provider myapp function
#pragma D attributes Evolving/Evolving/Common provider myapp name
#pragma D attributes Evolving/Evolving/Common provider myapp args
