struct b2 { char *p : 3; /* ERROR D_DECL_BFTYPE "^invalid type for bit-field: p$" */ };

BEGIN
{
	trace(1);
}
