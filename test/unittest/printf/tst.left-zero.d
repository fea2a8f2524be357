#pragma D option quiet

/*
 * The '0' and '-' flags cancel each other as DTrace parses them
 * (dt_printf_create): the later one wins, so that "%-010d" pads with
 * zeros and "%0-10d" left-justifies.
 */
BEGIN
{
	printf("[%-010d][%0-10d][%-08x][%0-8x]\n", -42, -42, 255, 255);
	exit(0);
}
