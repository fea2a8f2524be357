segments 1, fields that disagree 0

  127.0.47.2                                         27311  127.0.47.1                                          state-established                                         1                1
  ::1                                                27312  ::1                                                 state-established                                         1                1
  connect-established                                 127.0.47.2                                          127.0.47.1                                         27311  state-established                                    4        1                1
  connect-established                                 ::1                                                 ::1                                                27312  state-established                                    6        1                1
  connect-request                                     127.0.47.2                                          127.0.47.1                                         27311  state-syn-sent                                       4        1                1
  connect-request                                     ::1                                                 ::1                                                27312  state-syn-sent                                       6        1                1
        1 27311                1
        1 27312                1
        1 27411                1
        1 27412                1
  accept-refused                                      127.0.47.2                                         27411                1
  accept-refused                                      ::1                                                27412                1
  connect-refused                                     127.0.47.1                                         27411                1
  connect-refused                                     ::1                                                27412                1
  receive                                             server                                                27311             1000
  receive                                             server                                                27312             1000
  send                                                client                                                27311             1000
  send                                                client                                                27312             1000
  receive                                             client                                                27311             2000
  receive                                             client                                                27312             2000
  send                                                server                                                27311             2000
  send                                                server                                                27312             2000
  client                                              state-established                                         1        1       24                1
  server                                              state-established                                         1     1001       24                1
  client                                                    4  state-closed                                        state-syn-sent                                                    1
  client                                                    4  state-established                                   state-fin-wait-1                                                  1
  client                                                    4  state-fin-wait-1                                    state-fin-wait-2                                                  1
  client                                                    4  state-fin-wait-2                                    state-time-wait                                                   1
  client                                                    4  state-syn-sent                                      state-established                                                 1
  client                                                    6  state-closed                                        state-syn-sent                                                    1
  client                                                    6  state-established                                   state-fin-wait-1                                                  1
  client                                                    6  state-fin-wait-1                                    state-fin-wait-2                                                  1
  client                                                    6  state-fin-wait-2                                    state-time-wait                                                   1
  client                                                    6  state-syn-sent                                      state-established                                                 1
  listener                                                  4  state-closed                                        state-listen                                                      1
  listener                                                  4  state-listen                                        state-closed                                                      1
  listener                                                  6  state-closed                                        state-listen                                                      1
  listener                                                  6  state-listen                                        state-closed                                                      1
  refused                                                   4  state-closed                                        state-syn-sent                                                    1
  refused                                                   4  state-syn-sent                                      state-closed                                                      1
  refused                                                   6  state-closed                                        state-syn-sent                                                    1
  refused                                                   6  state-syn-sent                                      state-closed                                                      1
  server                                                    4  state-close-wait                                    state-last-ack                                                    1
  server                                                    4  state-established                                   state-close-wait                                                  1
  server                                                    4  state-last-ack                                      state-closed                                                      1
  server                                                    4  state-listen                                        state-syn-received                                                1
  server                                                    4  state-syn-received                                  state-established                                                 1
  server                                                    6  state-close-wait                                    state-last-ack                                                    1
  server                                                    6  state-established                                   state-close-wait                                                  1
  server                                                    6  state-last-ack                                      state-closed                                                      1
  server                                                    6  state-listen                                        state-syn-received                                                1
  server                                                    6  state-syn-received                                  state-established                                                 1
