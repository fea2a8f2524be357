one two

