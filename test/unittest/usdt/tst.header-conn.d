/* @@pre: sh unittest/usdt/headers.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/headers/app */

/*
 * A probe whose argument the provider translates for D (conn-open's
 * app_conn_t *): the site passes the pointer, which the script reads.
 */
typedef struct app_conn {
	int ac_fd;
	unsigned short ac_port;
} app_conn_t;

myapp$target:::conn-open
{
	this->c = (app_conn_t *)copyin(arg0, sizeof (app_conn_t));
	printf("%s fd %d port %d\n", probename, this->c->ac_fd, this->c->ac_port);
}
