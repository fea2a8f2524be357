[value]

