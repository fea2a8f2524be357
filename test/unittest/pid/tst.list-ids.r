same id
next id

