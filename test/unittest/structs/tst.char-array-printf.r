[abcd] [xy] 2

