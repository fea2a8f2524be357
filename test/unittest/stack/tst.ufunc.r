  ustackprog`c                                      
  ustackprog`c                                      
  ustackprog                                        
  ustackprog`c+0xf                                  
ustackprog`c+0xf

