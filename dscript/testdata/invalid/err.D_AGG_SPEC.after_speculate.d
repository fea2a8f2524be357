BEGIN
{
	speculate(1);
	@a = count(); /* ERROR D_AGG_SPEC "^aggregating actions may not follow speculate\( \)$" */
}
