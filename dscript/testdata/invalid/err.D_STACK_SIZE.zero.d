BEGIN
{
	stack(0); /* ERROR D_STACK_SIZE "^stack\( \) argument #1 must be a non-zero positive integer constant$" */
}
