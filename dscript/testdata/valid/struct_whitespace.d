/* Exercises: unusual but legal whitespace: tabs, blank lines, body on the same line as the predicate. */


syscall::close:entry	/arg0 > 2/	{	@c[execname]	=	count()	;	}



END{printa(@c);}
