enum e3 { A3 = 0x80000000 /* ERROR D_DECL_ENOFLOW "^enumerator 'A3' value overflows INT_MAX \(2147483647\)$" */ };

BEGIN
{
	trace(1);
}
