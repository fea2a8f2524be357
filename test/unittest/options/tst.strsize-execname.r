dtrace|BEGIN|

