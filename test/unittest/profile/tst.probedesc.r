profile:::profile-10ms 1

