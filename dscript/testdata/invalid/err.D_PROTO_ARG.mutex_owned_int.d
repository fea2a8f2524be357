BEGIN
{
	mutex_owned(1); /* ERROR D_PROTO_ARG "^mutex_owned\( \) argument #1 is incompatible with prototype:\n\tprototype: struct mutex \*\n\t argument: int$" */
}
