before
after
in the file
command in the file

