right

