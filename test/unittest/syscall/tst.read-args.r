read fd=0 size=7331

