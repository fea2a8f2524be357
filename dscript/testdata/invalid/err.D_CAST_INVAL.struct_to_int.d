struct st {
	int a;
};

struct st sv;

BEGIN
{
	x = (int)sv; /* ERROR D_CAST_INVAL "^invalid cast expression: \x22struct st\x22 to \x22int\x22$" */
}
