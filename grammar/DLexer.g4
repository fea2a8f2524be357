// DLexer is the lexer of the D language of DTrace.
//
// D has two lexing states, as DTrace's own lexer does: the default mode lexes
// expressions, declarations and clause bodies (DTrace's S0), and the OUTER
// mode lexes the outer scope of a program, where a probe description is one
// token (DTrace's S2). The mode is not switched by lexer actions: the token
// source in package dscript/parse, which sits between this lexer and the
// parser, tracks where it is in the program and sets the mode before each
// token. It also handles what a context-free lexer cannot: comments, control
// lines, the end of a predicate, and identifiers that name types.
lexer grammar DLexer;

tokens {
    EPRED,      // a '/' that ends a predicate (set by the token source)
    TYPE_NAME,  // an identifier that names a type (set by the token source)
    LEXERROR    // a lexical error (set by the token source)
}

// ---------------------------------------------------------------- keywords

AUTO       : 'auto';
BREAK      : 'break';
CASE       : 'case';
CHAR       : 'char';
CONST      : 'const';
CONTINUE   : 'continue';
COUNTER    : 'counter';
DEFAULT    : 'default';
DO         : 'do';
DOUBLE     : 'double';
ELSE       : 'else';
ENUM       : 'enum';
EXTERN     : 'extern';
FLOAT      : 'float';
FOR        : 'for';
GOTO       : 'goto';
IF         : 'if';
IMPORT     : 'import';
INLINE     : 'inline';
INT        : 'int';
LONG       : 'long';
OFFSETOF   : 'offsetof';
PROBE      : 'probe';
PROVIDER   : 'provider';
REGISTER   : 'register';
RESTRICT   : 'restrict';
RETURN     : 'return';
SELF       : 'self';
SHORT      : 'short';
SIGNED     : 'signed';
SIZEOF     : 'sizeof';
STATIC     : 'static';
STRING     : 'string';
STRINGOF   : 'stringof';
STRUCT     : 'struct';
SWITCH     : 'switch';
THIS       : 'this';
TRANSLATOR : 'translator';
TYPEDEF    : 'typedef';
UNION      : 'union';
UNSIGNED   : 'unsigned';
VOID       : 'void';
VOLATILE   : 'volatile';
WHILE      : 'while';
XLATE      : 'xlate';

// ------------------------------------------------------- names and literals

// $1, $$1, $target, $$pid: macro variables, kept as written.
MACRO : '$' '$'? ([0-9]+ | IdentStart IdentPart*);

// Identifiers may hold backquotes: `max_pfn, vmlinux`jiffies.
IDENT : (IdentStart | '`') (IdentPart | '`')*;

// @name, or @ alone for the anonymous aggregation.
AGG : '@' (IdentStart IdentPart*)?;

// Integer constants keep any run of u/l suffix letters; the token source
// checks the suffix.
INTEGER : ([0-9]+ | '0' [xX] [0-9a-fA-F]+) [uUlL]*;

// D has no floating-point constants: this token exists to report them.
FLOATING
    : ([0-9]+ '.'? [0-9]* | '.' [0-9]+) ([eE] [+-]? [0-9]+)? [fFlL]?
    ;

STRINGLIT  : '"' StrChar* '"';
STRING_NL  : '"' StrChar* '\n';
CHARLIT    : '\'' ChrChar* '\'';
CHAR_NL    : '\'' ChrChar* '\n';

// ---------------------------------------------------------------- operators

ELLIPSIS   : '...';
LSHIFT_EQ  : '<<=';
RSHIFT_EQ  : '>>=';
ARROW      : '->';
PLUSPLUS   : '++';
MINUSMINUS : '--';
ANDAND     : '&&';
OROR       : '||';
XORXOR     : '^^';
LSHIFT     : '<<';
RSHIFT     : '>>';
LE         : '<=';
GE         : '>=';
EQ         : '==';
NE         : '!=';
MUL_EQ     : '*=';
DIV_EQ     : '/=';
MOD_EQ     : '%=';
ADD_EQ     : '+=';
SUB_EQ     : '-=';
AND_EQ     : '&=';
XOR_EQ     : '^=';
OR_EQ      : '|=';
COMMENT    : '/*';
LPAREN     : '(';
RPAREN     : ')';
LBRACKET   : '[';
RBRACKET   : ']';
LBRACE     : '{';
RBRACE     : '}';
DOT        : '.';
COMMA      : ',';
SEMI       : ';';
COLON      : ':';
QUESTION   : '?';
ASSIGN     : '=';
PLUS       : '+';
MINUS      : '-';
STAR       : '*';
SLASH      : '/';
PERCENT    : '%';
AMP        : '&';
PIPE       : '|';
CARET      : '^';
TILDE      : '~';
BANG       : '!';
LT         : '<';
GT         : '>';
HASH       : '#';

WS       : [\f\n\r\t\u000B ]+ -> skip;
LINECONT : '\\' '\n' -> skip;

// Any other character is an error.
BADCHAR : .;

// ---------------------------------------------------------------- fragments

fragment IdentStart : [a-zA-Z_];
fragment IdentPart  : [0-9a-zA-Z_];
fragment StrChar    : ~["\\\n] | '\\' ~["\n] | '\\"';
fragment ChrChar    : ~['\\\n] | '\\' ~['\n] | '\\\'';

// ------------------------------------------------------------------ S2 mode

// The outer scope of a program: probe descriptions and the keywords that
// start a declaration.
mode OUTER;

O_AUTO       : 'auto' -> type(AUTO);
O_CHAR       : 'char' -> type(CHAR);
O_CONST      : 'const' -> type(CONST);
O_COUNTER    : 'counter' -> type(COUNTER);
O_DOUBLE     : 'double' -> type(DOUBLE);
O_ENUM       : 'enum' -> type(ENUM);
O_EXTERN     : 'extern' -> type(EXTERN);
O_FLOAT      : 'float' -> type(FLOAT);
O_IMPORT     : 'import' -> type(IMPORT);
O_INLINE     : 'inline' -> type(INLINE);
O_INT        : 'int' -> type(INT);
O_LONG       : 'long' -> type(LONG);
O_PROVIDER   : 'provider' -> type(PROVIDER);
O_REGISTER   : 'register' -> type(REGISTER);
O_RESTRICT   : 'restrict' -> type(RESTRICT);
O_SELF       : 'self' -> type(SELF);
O_SHORT      : 'short' -> type(SHORT);
O_SIGNED     : 'signed' -> type(SIGNED);
O_STATIC     : 'static' -> type(STATIC);
O_STRING     : 'string' -> type(STRING);
O_STRUCT     : 'struct' -> type(STRUCT);
O_THIS       : 'this' -> type(THIS);
O_TRANSLATOR : 'translator' -> type(TRANSLATOR);
O_TYPEDEF    : 'typedef' -> type(TYPEDEF);
O_UNION      : 'union' -> type(UNION);
O_UNSIGNED   : 'unsigned' -> type(UNSIGNED);
O_VOID       : 'void' -> type(VOID);
O_VOLATILE   : 'volatile' -> type(VOLATILE);

// A probe description: one token for "syscall::read:entry", "profile-997",
// "fbt:vmlinux:vfs_*:entry", "pid$target:a.out:main:entry".
PSPEC : PspecStart PspecPart*;

O_INTEGER : ([0-9]+ | '0' [xX] [0-9a-fA-F]+) [uUlL]* -> type(INTEGER);
O_COMMENT : '/*' -> type(COMMENT);
O_SLASH   : '/' -> type(SLASH);
O_COMMA   : ',' -> type(COMMA);
O_LBRACE  : '{' -> type(LBRACE);
O_HASH    : '#' -> type(HASH);
O_WS      : [\f\n\r\t\u000B ]+ -> skip;
O_BADCHAR : . -> type(BADCHAR);

fragment PspecStart : [-$:a-zA-Z_.?*\\[\]!];
fragment PspecPart  : [-$:0-9a-zA-Z_.`?*\\[\]!];
