hello

