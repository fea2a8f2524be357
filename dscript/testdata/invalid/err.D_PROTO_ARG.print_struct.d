/* print()'s prototype is "void(void *)": a struct value is no pointer. */
struct conn {
	int a;
};

struct conn c;

BEGIN
{
	print(c); /* ERROR D_PROTO_ARG "^print\( \) argument #1 is incompatible with prototype:\n\tprototype: void \*\n\t argument: struct conn$" */
}
