one two three

status 0

