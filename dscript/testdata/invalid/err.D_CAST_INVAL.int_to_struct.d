struct st {
	int a;
};

struct st sv;

BEGIN
{
	sv = (struct st)1; /* ERROR D_CAST_INVAL "^invalid cast expression: \x22int\x22 to \x22struct st\x22$" */
}
