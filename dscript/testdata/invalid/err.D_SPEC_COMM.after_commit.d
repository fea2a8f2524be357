BEGIN
{
	commit(1);
	speculate(1); /* ERROR D_SPEC_COMM "^speculate\( \) may not follow commit\( \)$" */
}
