1 2 seven

