BEGIN
{
	x = 8;
	tracemem(0, x); /* ERROR D_TRACEMEM_SIZE "^tracemem\( \) argument #2 must be a non-zero positive integral constant expression$" */
}
