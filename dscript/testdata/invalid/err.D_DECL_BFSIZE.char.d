struct b3 { char c : 9; /* ERROR D_DECL_BFSIZE "^bit-field too big for type: c$" */ };

BEGIN
{
	trace(1);
}
