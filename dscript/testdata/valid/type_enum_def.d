/* Exercises: enum definitions with implicit and explicit values; enumerators used as constants. */
enum state {
	IDLE,
	RUNNING = 5,
	BLOCKED,
	ZOMBIE = 0x10
};

enum state cur;

BEGIN
{
	cur = RUNNING;
	printf("%d %d %d %d\n", IDLE, RUNNING, BLOCKED, ZOMBIE);
}

tick-1sec
/cur == RUNNING/
{
	cur = BLOCKED;
}

tick-1sec
/cur == BLOCKED/
{
	cur = IDLE;
	exit(0);
}
