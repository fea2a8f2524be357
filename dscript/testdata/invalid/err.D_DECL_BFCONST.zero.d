struct b1 { int a : 0; /* ERROR D_DECL_BFCONST "^positive integral constant expression expected as bit-field size$" */ };

BEGIN
{
	trace(1);
}
