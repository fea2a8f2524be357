/* Exercises: printf flags -, +, space, #, 0 and the ' grouping flag. */
#pragma D option quiet

BEGIN
{
	v = 1234567;
	printf("[%-10d] [%+d] [% d] [%#o] [%#x] [%#X] [%010d]\n", v, v, v, v, v, v, v);
	printf("[%'d] [%-+8d] [%+08d] [%- 8d]\n", v, v, v, v);
	printf("[%-20s] [%20s]\n", "left", "right");
	exit(0);
}
