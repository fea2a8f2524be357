enum e { A };
enum e { /* ERROR D_DECL_TYPERED "^type redeclared: enum e$" */ B };

BEGIN
{
	trace(1);
}
