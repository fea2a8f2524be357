#pragma D option quiet

/* A char array member with printf's %s, up to its NUL or its end. */
struct rec {
	char tag[4];
	int after;
	char name[16];
};

struct rec r;

BEGIN
{
	r.tag[0] = 'a';
	r.tag[1] = 'b';
	r.tag[2] = 'c';
	r.tag[3] = 'd';
	r.after = 0x41414141;
	r.name[0] = 'x';
	r.name[1] = 'y';
	printf("[%s] [%s] %d\n", r.tag, r.name, strlen(r.name));
	exit(0);
}
