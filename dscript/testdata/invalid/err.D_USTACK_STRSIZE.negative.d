BEGIN
{
	ustack(1, -1); /* ERROR D_USTACK_STRSIZE "^ustack\( \) argument #2 must be a positive integer constant$" */
}
