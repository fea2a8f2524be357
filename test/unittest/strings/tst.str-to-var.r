second first

