two

