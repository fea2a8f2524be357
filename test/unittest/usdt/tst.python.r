function-return calls.py square 7
function-return calls.py square 7
function-return calls.py square 7
function-return calls.py cube 11
function-return calls.py cube 11
function-return calls.py <module> 15

