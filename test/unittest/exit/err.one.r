one

