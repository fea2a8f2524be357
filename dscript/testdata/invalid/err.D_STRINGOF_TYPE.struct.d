struct st {
	int a;
};

struct st sv;

BEGIN
{
	trace(stringof(sv)); /* ERROR D_STRINGOF_TYPE "^cannot apply stringof to a value of type struct st$" */
}
