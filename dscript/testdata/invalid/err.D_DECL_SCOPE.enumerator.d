enum ec { A`B /* ERROR D_DECL_SCOPE "^D scoping operator may not be used in an enumerator name \(A`B\)$" */ };

BEGIN
{
	trace(1);
}
