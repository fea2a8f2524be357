BEGIN
{
	stack(0); /* ERROR D_STACK_SIZE "^stack\( \) size must be a non-zero positive integral constant expression$" */
}
