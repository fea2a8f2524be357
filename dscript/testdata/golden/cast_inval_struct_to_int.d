struct st {
	int a;
};

struct st sv;

BEGIN
{
	x = (int)sv;
}
