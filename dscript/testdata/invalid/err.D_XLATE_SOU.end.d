/* The output type is checked when the translator is built, at its "};". */
translator int < int i >
{
	x = i;
}; /* ERROR D_XLATE_SOU "^translator output type must be a struct or union$" */

BEGIN
{
	trace(1);
}
