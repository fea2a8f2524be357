local

