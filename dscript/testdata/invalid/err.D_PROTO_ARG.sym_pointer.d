/* sym()'s prototype is "_symaddr(uintptr_t)": a pointer is no integer. */
BEGIN
{
	sym(curthread); /* ERROR D_PROTO_ARG "^sym\( \) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: struct task_struct \*$" */
}
