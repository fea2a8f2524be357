/* Exercises: translator with a non-pointer struct input and whole-struct assignment of the xlate result. */
struct pair_in {
	int a;
	int b;
};

struct pair_out {
	int sum;
	int diff;
};

translator struct pair_out < struct pair_in in > {
	sum = in.a + in.b;
	diff = in.a - in.b;
};

struct pair_in src;
struct pair_out dst;

BEGIN
{
	src.a = 7;
	src.b = 3;
	dst = xlate <struct pair_out> (src);
	printf("%d %d\n", dst.sum, dst.diff);
	exit(0);
}
