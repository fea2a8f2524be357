BEGIN
{
	ustack(0); /* ERROR D_USTACK_FRAMES "^ustack\( \) argument #1 must be a non-zero positive integer constant$" */
}
