#foo bar /* ERROR D_PRAGCTL_INVAL "^invalid control directive: #foo$" */

BEGIN
{
	trace(1);
}
