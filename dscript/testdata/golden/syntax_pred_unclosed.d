BEGIN
/1 {
	trace(1);
}
