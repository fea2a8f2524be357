2 commands exited

