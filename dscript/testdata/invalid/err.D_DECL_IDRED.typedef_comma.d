/* The second declarator of a list is declared at the ',' or ';' after it. */
typedef int t1;
typedef int t2,
    t1
    , /* ERROR D_DECL_IDRED "^typedef redeclared: t1$" */
    t3;

BEGIN
{
	trace(1);
}
