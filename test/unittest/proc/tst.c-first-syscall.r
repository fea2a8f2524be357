first: exit_group

