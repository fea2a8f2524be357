dtrace:::BEGIN

