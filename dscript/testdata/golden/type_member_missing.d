struct st {
	int a;
};

struct st sv;

BEGIN
{
	trace(sv.b);
}
