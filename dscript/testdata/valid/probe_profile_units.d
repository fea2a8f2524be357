/* Exercises: profile-N probes with every supported unit suffix. */
profile-997 { @hz = count(); }
profile-99hz { @hz2 = count(); }
profile-1000000ns { @ns = count(); }
profile-1000000nsec { @nsec = count(); }
profile-1000us { @us = count(); }
profile-1000usec { @usec = count(); }
profile-10ms { @ms = count(); }
profile-10msec { @msec = count(); }
