left-right

