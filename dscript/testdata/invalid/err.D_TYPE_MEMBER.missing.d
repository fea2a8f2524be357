struct st {
	int a;
};

struct st sv;

BEGIN
{
	trace(sv.b); /* ERROR D_TYPE_MEMBER "^b is not a member of struct st$" */
}
