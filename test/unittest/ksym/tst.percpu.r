cpu 1
curr 1

