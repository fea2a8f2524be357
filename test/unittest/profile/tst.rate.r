
  profile-97                                                        1
