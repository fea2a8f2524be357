target got SIGUSR1

