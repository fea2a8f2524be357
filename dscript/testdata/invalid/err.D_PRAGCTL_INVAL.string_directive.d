# "str"
/* ERROR D_PRAGCTL_INVAL "^invalid control directive$" */ /* DTrace reports the line after the control line: this error is raised before the line count steps back over the newline. */
BEGIN
{
	trace(1);
}
