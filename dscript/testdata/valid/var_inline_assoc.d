/* An inline associative array: its value with its parameters bound. */
inline string parity[int n, string what] = n % 2 == 0 ? strjoin("even ", what) : strjoin("odd ", what);

BEGIN
{
	this->n = 3;
	trace(parity[this->n, "three"]);
	trace(parity[4, "four"]);
	exit(0);
}
