/* bufpolicy is fill, switch or ring. */
#pragma D option bufpolicy=rings

BEGIN
{
	exit(0);
}
