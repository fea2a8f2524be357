/* Exercises: printing and exiting from BEGIN only (a common "hello world"). */
BEGIN
{
	printf("hello, world\n");
	exit(0);
}
