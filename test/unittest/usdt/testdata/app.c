/*
 * The usdt tests' application: it fires its provider's probes, and says
 * whether query-start and tick are traced (their is-enabled tests).
 */
#include <stdio.h>
#include "provider.h"

struct app_conn {
	int ac_fd;
	unsigned short ac_port;
};

int main(void)
{
	static const char *queries[] = { "select 1", "insert into t values (2)", "drop table t" };
	struct app_conn conn = { 7, 5432 };
	int i;

	MYAPP_CONN_OPEN(&conn);
	for (i = 0; i < 3; i++) {
		if (MYAPP_QUERY_START_ENABLED())
			printf("app: query-start enabled\n");
		else
			printf("app: query-start disabled\n");
		MYAPP_QUERY_START((char *)queries[i], i * 10 - 5);
		MYAPP_QUERY_DONE(i, -1000000000000L * i);
	}
	if (MYAPP_TICK_ENABLED())
		printf("app: tick enabled\n");
	MYAPP_TICK();
	return 0;
}
