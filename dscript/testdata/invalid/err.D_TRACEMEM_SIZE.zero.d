BEGIN
{
	tracemem(0, 0); /* ERROR D_TRACEMEM_SIZE "^tracemem\( \) argument #2 must be a non-zero positive integral constant expression$" */
}
