provider foo1 { probe bar(); }; /* ERROR D_PROV_BADNAME "^provider name may not end with a digit: foo1$" */

BEGIN
{
	trace(1);
}
