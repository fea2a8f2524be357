/* Exercises: a USDT provider definition with typed probe arguments and double-underscore names. */
provider webserver {
	probe request__start(int, char *, char *);
	probe request__done(int, int, uint64_t);
	probe cache__hit(char *);
	probe cache__miss(char *);
	probe shutdown();
};

BEGIN
{
	trace("webserver provider declared");
}
