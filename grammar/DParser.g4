// DParser is the grammar of the D language of DTrace: probe clauses and
// top-level declarations, with C's declarations and expressions plus D's
// additions (aggregations, self-> and this-> variables, macro variables,
// ^^, stringof, xlate, translators and providers).
//
// The rules follow DTrace's yacc grammar (dt_grammar.y), except that binary
// operators are parsed as a flat list that package dscript/parse groups by
// precedence. One more departure keeps every decision cheap, and
// dscript/parse checks what the grammar lets through: an assignment takes
// any expression on its left (only a unary expression is valid).
parser grammar DParser;

options {
    tokenVocab = DLexer;
}

// ------------------------------------------------------------------ program

program
    : item* EOF
    ;

item
    : clause
    | declaration
    | inlineDefinition
    | translatorDefinition
    | providerDefinition
    ;

// -------------------------------------------------------------------- clauses

clause
    : probeSpecifier (COMMA probeSpecifier)* predicate? body?
    ;

probeSpecifier
    : PSPEC
    | INTEGER
    ;

predicate
    : SLASH expression EPRED
    ;

body
    : block
    ;

// Statements are separated by ';'. Empty statements are allowed, and the last
// expression statement of a block needs no ';'. The rule is written so that
// an expression statement can only be followed by ';' or the end of the
// block, which keeps every decision inside expressions LL(1).
statementList
    : (SEMI | ifStatement | block)* (expression (SEMI statementList)?)?
    ;

ifStatement
    : IF LPAREN expression RPAREN branch (ELSE branch)?
    ;

block
    : LBRACE statementList RBRACE
    ;

// The statement of an if or else branch: an expression needs its ';'.
branch
    : expression SEMI
    | ifStatement
    | block
    | SEMI
    ;

// --------------------------------------------------------------- expressions

expression
    : expr (COMMA expr)*
    ;

// An expression is a flat run of operands and binary operators, which
// package dscript/parse groups by C's precedence (with D's ^^ between && and
// ||), optionally followed by "? : " or an assignment, both right-
// associative. Keeping the binary operators out of a left-recursive rule
// makes every decision LL(1).
expr
    : unaryExpr (
        ops += (
            STAR
            | SLASH
            | PERCENT
            | PLUS
            | MINUS
            | LSHIFT
            | RSHIFT
            | LT
            | GT
            | LE
            | GE
            | EQ
            | NE
            | AMP
            | CARET
            | PIPE
            | ANDAND
            | XORXOR
            | OROR
        ) unaryExpr
    )* (
        QUESTION expression COLON expr
        | aop = (
            ASSIGN
            | MUL_EQ
            | DIV_EQ
            | MOD_EQ
            | ADD_EQ
            | SUB_EQ
            | LSHIFT_EQ
            | RSHIFT_EQ
            | AND_EQ
            | XOR_EQ
            | OR_EQ
        ) expr
    )?
    ;

// Operands: postfix operators bind tighter than prefix ones and casts.
unaryExpr
    : (IDENT | AGG | INTEGER | CHARLIT | STRINGLIT | MACRO | SELF | THIS) # atom
    | LPAREN expression RPAREN                                   # paren
    | OFFSETOF LPAREN typeName COMMA (IDENT | TYPE_NAME) RPAREN  # offsetof
    | XLATE LT typeName GT LPAREN expression RPAREN              # xlate
    | unaryExpr LBRACKET argumentList RBRACKET                   # index
    | unaryExpr LPAREN argumentList? RPAREN                       # call
    | unaryExpr op = (DOT | ARROW) IDENT                         # member
    | unaryExpr op = (PLUSPLUS | MINUSMINUS)                     # postfix
    | op = (PLUSPLUS | MINUSMINUS) unaryExpr                     # prefix
    | op = (AMP | STAR | PLUS | MINUS | TILDE | BANG) unaryExpr  # unary
    | SIZEOF LPAREN typeName RPAREN                              # sizeofType
    | SIZEOF unaryExpr                                           # sizeofExpr
    | STRINGOF unaryExpr                                         # stringof
    | LPAREN typeName RPAREN unaryExpr                           # cast
    ;

argumentList
    : expr (COMMA expr)*
    ;

// -------------------------------------------------------------- declarations

inlineDefinition
    : INLINE declarationSpecifiers declarator ASSIGN expr SEMI
    ;

translatorDefinition
    : TRANSLATOR typeName LT typeName IDENT GT LBRACE translatorMember* RBRACE SEMI
    ;

translatorMember
    : IDENT ASSIGN expr SEMI
    ;

providerDefinition
    : PROVIDER IDENT LBRACE providerProbe* RBRACE SEMI
    ;

providerProbe
    : PROBE IDENT parameterList (COLON parameterList)? SEMI
    ;

declaration
    : declarationSpecifiers (declarator (COMMA declarator)*)? SEMI
    ;

declarationSpecifiers
    : (storageClass | typeSpecifier | typeQualifier)+
    ;

storageClass
    : AUTO
    | REGISTER
    | STATIC
    | EXTERN
    | TYPEDEF
    | SELF
    | THIS
    ;

typeSpecifier
    : VOID
    | CHAR
    | SHORT
    | INT
    | LONG
    | FLOAT
    | DOUBLE
    | SIGNED
    | UNSIGNED
    | STRING
    | TYPE_NAME
    | structSpecifier
    | enumSpecifier
    ;

typeQualifier
    : CONST
    | RESTRICT
    | VOLATILE
    ;

structSpecifier
    : (STRUCT | UNION) (IDENT structBody? | structBody)
    ;

structBody
    : LBRACE structDeclaration+ RBRACE
    ;

structDeclaration
    : specifierQualifierList structDeclarator (COMMA structDeclarator)* SEMI
    ;

specifierQualifierList
    : (typeSpecifier | typeQualifier)+
    ;

structDeclarator
    : declarator (COLON expr)?
    | COLON expr
    ;

enumSpecifier
    : ENUM (IDENT enumBody? | enumBody)
    ;

enumBody
    : LBRACE enumerator (COMMA enumerator)* RBRACE
    ;

enumerator
    : IDENT (ASSIGN expr)?
    ;

declarator
    : pointer? directDeclarator
    ;

directDeclarator
    : (IDENT | LPAREN declarator RPAREN) declaratorSuffix*
    ;

declaratorSuffix
    : LBRACKET arrayParameters? RBRACKET
    | parameterList
    ;

// An array's brackets hold a size, or the key types of an associative array.
arrayParameters
    : expr
    | parameterTypeList
    ;

parameterList
    : LPAREN parameterTypeList? RPAREN
    ;

pointer
    : (STAR typeQualifier*)+
    ;

parameterTypeList
    : parameterDeclaration (COMMA parameterDeclaration)* (COMMA ELLIPSIS)?
    | ELLIPSIS
    ;

parameterDeclaration
    : declarationSpecifiers (declarator | abstractDeclarator)?
    ;

typeName
    : specifierQualifierList abstractDeclarator?
    ;

abstractDeclarator
    : pointer directAbstractDeclarator?
    | directAbstractDeclarator
    ;

directAbstractDeclarator
    : (LPAREN abstractDeclarator RPAREN | declaratorSuffix) declaratorSuffix*
    ;
