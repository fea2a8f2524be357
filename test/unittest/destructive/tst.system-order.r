one
two 2
three
four
five

