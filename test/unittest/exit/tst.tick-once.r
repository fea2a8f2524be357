tick

