int arr[4];

BEGIN
{
	trace(arr[1, 2]); /* ERROR D_ARR_BADREF "^cannot access scalar arr as an associative array$" */
}
