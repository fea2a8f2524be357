segments 1, fields that disagree 0
ip packets: sent as tcp sent them 1 1, received as sent 1 1, fields that disagree 0

  10.47.0.1                                          27313  10.47.0.2                                           state-established                                         1                1
  fd47::1                                            27314  fd47::2                                             state-established                                         1                1
  connect-established                                 10.47.0.1                                           10.47.0.2                                          27313  state-established                                    4        1                1
  connect-established                                 fd47::1                                             fd47::2                                            27314  state-established                                    6        1                1
  connect-request                                     10.47.0.1                                           10.47.0.2                                          27313  state-syn-sent                                       4        1                1
  connect-request                                     fd47::1                                             fd47::2                                            27314  state-syn-sent                                       6        1                1
        1 27313                1
        1 27314                1
        1 27413                1
        1 27414                1
  accept-refused                                      10.47.0.1                                          27413                1
  accept-refused                                      fd47::1                                            27414                1
  connect-refused                                     10.47.0.2                                          27413                1
  connect-refused                                     fd47::2                                            27414                1
  receive                                             server                                                27313             1000
  receive                                             server                                                27314             1000
  send                                                client                                                27313             1000
  send                                                client                                                27314             1000
  receive                                             client                                                27313             2000
  receive                                             client                                                27314             2000
  send                                                server                                                27313             2000
  send                                                server                                                27314             2000
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
  receive                                              4  dtnet47a                                            from server                                         TCP                                                 64   0        1        0                1
  receive                                              4  dtnet47b                                            to server                                           TCP                                                 64   0        1        0                1
  receive                                              6  dtnet47a                                            from server                                         TCP                                                 64   0        0        1                1
  receive                                              6  dtnet47b                                            to server                                           TCP                                                 64   0        0        1                1
  send                                                 4  dtnet47a                                            to server                                           TCP                                                 64   0        1        0                1
  send                                                 4  dtnet47b                                            from server                                         TCP                                                 64   0        1        0                1
  send                                                 6  dtnet47a                                            to server                                           TCP                                                 64   0        0        1                1
  send                                                 6  dtnet47b                                            from server                                         TCP                                                 64   0        0        1                1
