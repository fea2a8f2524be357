/* Exercises: #pragma D option destructive enabling system(). */
#pragma D option destructive
#pragma D option quiet

tick-30sec
{
	system("uptime");
}
