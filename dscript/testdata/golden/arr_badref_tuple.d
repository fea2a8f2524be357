int arr[4];

BEGIN
{
	trace(arr[1, 2]);
}
