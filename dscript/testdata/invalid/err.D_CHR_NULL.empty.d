BEGIN
{
	x = ''; /* ERROR D_CHR_NULL "^empty character constant$" */
}
