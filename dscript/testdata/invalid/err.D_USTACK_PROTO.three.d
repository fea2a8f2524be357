BEGIN
{
	ustack(1, 2, 3); /* ERROR D_USTACK_PROTO "^ustack\( \) prototype mismatch: too many arguments$" */
}
