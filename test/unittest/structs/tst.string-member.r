7 seven 1 5
seventy

