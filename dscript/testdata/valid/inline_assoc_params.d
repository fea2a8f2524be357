/*
 * Inline associative arrays: the parameters of the tuple signature name
 * the keys of a reference in the inline's value.
 */
inline int scaled[int a, int b] = a * 10 + b;
inline string shout[string s] = strjoin(s, "!");
inline int one[int] = 1;

BEGIN
{
	trace(scaled[4, 2]);
	trace(shout[execname]);
	trace(one[5]);
}
