/* Exercises: #line directives and cpp-style "# N file" line markers resetting line number and file name. */
#line 10 "foo.d"
BEGIN
{
	x = 1;
}
#line 200
END
{
	trace(x);
}
# 42 "generated.d"
tick-1sec
{
	x++;
}
