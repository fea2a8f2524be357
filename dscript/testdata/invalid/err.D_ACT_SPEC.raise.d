BEGIN
{
	speculate(1);
	raise(9); /* ERROR D_ACT_SPEC "^destructive actions may not follow speculate\( \)$" */
}
