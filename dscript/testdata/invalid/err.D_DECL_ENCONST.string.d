enum e2 { A2 = "s" /* ERROR D_DECL_ENCONST "^enumerator 'A2' must be assigned to an integral constant expression$" */ };

BEGIN
{
	trace(1);
}
