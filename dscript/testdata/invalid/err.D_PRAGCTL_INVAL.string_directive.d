# "str" /* ERROR D_PRAGCTL_INVAL "^invalid control directive$" */

BEGIN
{
	trace(1);
}
