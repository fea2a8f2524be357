int B;
enum e { A, B /* ERROR D_DECL_IDRED "^identifier redeclared: B$" */ };

BEGIN
{
	trace(1);
}
