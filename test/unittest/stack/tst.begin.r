
[BEGIN 0 0]

[BEGIN 0]

[END 0]

