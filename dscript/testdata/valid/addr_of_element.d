/* The address of an element or member of a D variable may be taken. */
int a[4];
struct s { int x; int y; } st;

BEGIN
{
	trace(&a[0]);
	trace(&st.y);
	trace(&a[3] - &a[1]);
}
