aéb|cÿd|

