/* Exercises: an empty provider definition followed by a normal clause. */
provider quiet_app {
};

BEGIN
{
	exit(0);
}
