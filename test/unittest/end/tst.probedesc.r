dtrace:::END

