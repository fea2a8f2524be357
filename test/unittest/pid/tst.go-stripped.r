exit status 0

  entry                                                         40020
  return                                                        40020
                0                5
                1                5
                2                5
                3                5
             2002                5
             2003                5
             2001               10
