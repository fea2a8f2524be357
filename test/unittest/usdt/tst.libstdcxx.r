libstdc++.so.6 throw i
libstdc++.so.6 catch
libstdc++.so.6 throw i
libstdc++.so.6 catch
libstdc++.so.6 throw i
libstdc++.so.6 catch

