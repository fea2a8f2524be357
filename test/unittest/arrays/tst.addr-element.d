#pragma D option quiet

/*
 * The address of an element or member of a D variable may be taken (not
 * that of the variable itself): it points at the variable's storage.
 */
int a[4];
struct s { int x; int y; } st;

BEGIN
{
	a[1] = 5;
	a[2] = 6;
	st.y = 9;
	this->p = &a[1];
	printf("%d %d %d\n", *this->p, *(&a[0] + 2), this->p[1]);
	printf("%d\n", *(&st.y));
	printf("%d\n", &a[3] - &a[1]);
	exit(0);
}
