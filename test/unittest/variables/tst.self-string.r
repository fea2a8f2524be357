thread

