package parser // DParser
import (
	"fmt"
	"strconv"
	"sync"

	"github.com/antlr4-go/antlr/v4"
)

// Suppress unused import errors
var _ = fmt.Printf
var _ = strconv.Itoa
var _ = sync.Once{}

type DParser struct {
	*antlr.BaseParser
}

var DParserParserStaticData struct {
	once                   sync.Once
	serializedATN          []int32
	LiteralNames           []string
	SymbolicNames          []string
	RuleNames              []string
	PredictionContextCache *antlr.PredictionContextCache
	atn                    *antlr.ATN
	decisionToDFA          []*antlr.DFA
}

func dparserParserInit() {
	staticData := &DParserParserStaticData
	staticData.LiteralNames = []string{
		"", "", "", "", "", "'break'", "'case'", "", "", "'continue'", "", "'default'",
		"'do'", "", "'else'", "", "", "", "'for'", "'goto'", "'if'", "", "",
		"", "", "'offsetof'", "'probe'", "", "", "", "'return'", "", "", "",
		"'sizeof'", "", "", "'stringof'", "", "'switch'", "", "", "", "", "",
		"", "", "'while'", "'xlate'", "", "", "", "", "", "", "", "", "", "'...'",
		"'<<='", "'>>='", "'->'", "'++'", "'--'", "'&&'", "'||'", "'^^'", "'<<'",
		"'>>'", "'<='", "'>='", "'=='", "'!='", "'*='", "'/='", "'%='", "'+='",
		"'-='", "'&='", "'^='", "'|='", "", "'('", "')'", "'['", "']'", "",
		"'}'", "'.'", "", "';'", "':'", "'?'", "'='", "'+'", "'-'", "'*'", "",
		"'%'", "'&'", "'|'", "'^'", "'~'", "'!'", "'<'", "'>'",
	}
	staticData.SymbolicNames = []string{
		"", "EPRED", "TYPE_NAME", "LEXERROR", "AUTO", "BREAK", "CASE", "CHAR",
		"CONST", "CONTINUE", "COUNTER", "DEFAULT", "DO", "DOUBLE", "ELSE", "ENUM",
		"EXTERN", "FLOAT", "FOR", "GOTO", "IF", "IMPORT", "INLINE", "INT", "LONG",
		"OFFSETOF", "PROBE", "PROVIDER", "REGISTER", "RESTRICT", "RETURN", "SELF",
		"SHORT", "SIGNED", "SIZEOF", "STATIC", "STRING", "STRINGOF", "STRUCT",
		"SWITCH", "THIS", "TRANSLATOR", "TYPEDEF", "UNION", "UNSIGNED", "VOID",
		"VOLATILE", "WHILE", "XLATE", "MACRO", "IDENT", "AGG", "INTEGER", "FLOATING",
		"STRINGLIT", "STRING_NL", "CHARLIT", "CHAR_NL", "ELLIPSIS", "LSHIFT_EQ",
		"RSHIFT_EQ", "ARROW", "PLUSPLUS", "MINUSMINUS", "ANDAND", "OROR", "XORXOR",
		"LSHIFT", "RSHIFT", "LE", "GE", "EQ", "NE", "MUL_EQ", "DIV_EQ", "MOD_EQ",
		"ADD_EQ", "SUB_EQ", "AND_EQ", "XOR_EQ", "OR_EQ", "COMMENT", "LPAREN",
		"RPAREN", "LBRACKET", "RBRACKET", "LBRACE", "RBRACE", "DOT", "COMMA",
		"SEMI", "COLON", "QUESTION", "ASSIGN", "PLUS", "MINUS", "STAR", "SLASH",
		"PERCENT", "AMP", "PIPE", "CARET", "TILDE", "BANG", "LT", "GT", "HASH",
		"WS", "LINECONT", "BADCHAR", "PSPEC", "O_WS",
	}
	staticData.RuleNames = []string{
		"program", "item", "clause", "probeSpecifier", "predicate", "body",
		"statementList", "ifStatement", "block", "branch", "expression", "expr",
		"unaryExpr", "argumentList", "inlineDefinition", "translatorDefinition",
		"translatorMember", "providerDefinition", "providerProbe", "declaration",
		"declarationSpecifiers", "storageClass", "typeSpecifier", "typeQualifier",
		"structSpecifier", "structBody", "structDeclaration", "specifierQualifierList",
		"structDeclarator", "enumSpecifier", "enumBody", "enumerator", "declarator",
		"directDeclarator", "declaratorSuffix", "arrayParameters", "parameterList",
		"pointer", "parameterTypeList", "parameterDeclaration", "typeName",
		"abstractDeclarator", "directAbstractDeclarator",
	}
	staticData.PredictionContextCache = antlr.NewPredictionContextCache()
	staticData.serializedATN = []int32{
		4, 1, 111, 500, 2, 0, 7, 0, 2, 1, 7, 1, 2, 2, 7, 2, 2, 3, 7, 3, 2, 4, 7,
		4, 2, 5, 7, 5, 2, 6, 7, 6, 2, 7, 7, 7, 2, 8, 7, 8, 2, 9, 7, 9, 2, 10, 7,
		10, 2, 11, 7, 11, 2, 12, 7, 12, 2, 13, 7, 13, 2, 14, 7, 14, 2, 15, 7, 15,
		2, 16, 7, 16, 2, 17, 7, 17, 2, 18, 7, 18, 2, 19, 7, 19, 2, 20, 7, 20, 2,
		21, 7, 21, 2, 22, 7, 22, 2, 23, 7, 23, 2, 24, 7, 24, 2, 25, 7, 25, 2, 26,
		7, 26, 2, 27, 7, 27, 2, 28, 7, 28, 2, 29, 7, 29, 2, 30, 7, 30, 2, 31, 7,
		31, 2, 32, 7, 32, 2, 33, 7, 33, 2, 34, 7, 34, 2, 35, 7, 35, 2, 36, 7, 36,
		2, 37, 7, 37, 2, 38, 7, 38, 2, 39, 7, 39, 2, 40, 7, 40, 2, 41, 7, 41, 2,
		42, 7, 42, 1, 0, 5, 0, 88, 8, 0, 10, 0, 12, 0, 91, 9, 0, 1, 0, 1, 0, 1,
		1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 100, 8, 1, 1, 2, 1, 2, 1, 2, 5, 2, 105,
		8, 2, 10, 2, 12, 2, 108, 9, 2, 1, 2, 3, 2, 111, 8, 2, 1, 2, 3, 2, 114,
		8, 2, 1, 3, 1, 3, 1, 4, 1, 4, 1, 4, 1, 4, 1, 5, 1, 5, 1, 6, 1, 6, 1, 6,
		5, 6, 127, 8, 6, 10, 6, 12, 6, 130, 9, 6, 1, 6, 1, 6, 1, 6, 3, 6, 135,
		8, 6, 3, 6, 137, 8, 6, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 3, 7,
		146, 8, 7, 1, 8, 1, 8, 1, 8, 1, 8, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9,
		3, 9, 158, 8, 9, 1, 10, 1, 10, 1, 10, 5, 10, 163, 8, 10, 10, 10, 12, 10,
		166, 9, 10, 1, 11, 1, 11, 1, 11, 5, 11, 171, 8, 11, 10, 11, 12, 11, 174,
		9, 11, 1, 11, 1, 11, 1, 11, 1, 11, 1, 11, 1, 11, 1, 11, 3, 11, 183, 8,
		11, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12,
		1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1,
		12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12,
		1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 3, 12, 224, 8,
		12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 3, 12, 234,
		8, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 1, 12, 5, 12, 242, 8, 12, 10,
		12, 12, 12, 245, 9, 12, 1, 13, 1, 13, 1, 13, 5, 13, 250, 8, 13, 10, 13,
		12, 13, 253, 9, 13, 1, 14, 1, 14, 1, 14, 1, 14, 1, 14, 1, 14, 1, 14, 1,
		15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 1, 15, 5, 15, 270, 8, 15,
		10, 15, 12, 15, 273, 9, 15, 1, 15, 1, 15, 1, 15, 1, 16, 1, 16, 1, 16, 1,
		16, 1, 16, 1, 17, 1, 17, 1, 17, 1, 17, 5, 17, 287, 8, 17, 10, 17, 12, 17,
		290, 9, 17, 1, 17, 1, 17, 1, 17, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 3,
		18, 300, 8, 18, 1, 18, 1, 18, 1, 19, 1, 19, 1, 19, 1, 19, 5, 19, 308, 8,
		19, 10, 19, 12, 19, 311, 9, 19, 3, 19, 313, 8, 19, 1, 19, 1, 19, 1, 20,
		1, 20, 1, 20, 4, 20, 320, 8, 20, 11, 20, 12, 20, 321, 1, 21, 1, 21, 1,
		22, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22, 1, 22,
		1, 22, 1, 22, 3, 22, 339, 8, 22, 1, 23, 1, 23, 1, 24, 1, 24, 1, 24, 3,
		24, 346, 8, 24, 1, 24, 3, 24, 349, 8, 24, 1, 25, 1, 25, 4, 25, 353, 8,
		25, 11, 25, 12, 25, 354, 1, 25, 1, 25, 1, 26, 1, 26, 1, 26, 1, 26, 5, 26,
		363, 8, 26, 10, 26, 12, 26, 366, 9, 26, 1, 26, 1, 26, 1, 27, 1, 27, 4,
		27, 372, 8, 27, 11, 27, 12, 27, 373, 1, 28, 1, 28, 1, 28, 3, 28, 379, 8,
		28, 1, 28, 1, 28, 3, 28, 383, 8, 28, 1, 29, 1, 29, 1, 29, 3, 29, 388, 8,
		29, 1, 29, 3, 29, 391, 8, 29, 1, 30, 1, 30, 1, 30, 1, 30, 5, 30, 397, 8,
		30, 10, 30, 12, 30, 400, 9, 30, 1, 30, 1, 30, 1, 31, 1, 31, 1, 31, 3, 31,
		407, 8, 31, 1, 32, 3, 32, 410, 8, 32, 1, 32, 1, 32, 1, 33, 1, 33, 1, 33,
		1, 33, 1, 33, 3, 33, 419, 8, 33, 1, 33, 5, 33, 422, 8, 33, 10, 33, 12,
		33, 425, 9, 33, 1, 34, 1, 34, 3, 34, 429, 8, 34, 1, 34, 1, 34, 3, 34, 433,
		8, 34, 1, 35, 1, 35, 3, 35, 437, 8, 35, 1, 36, 1, 36, 3, 36, 441, 8, 36,
		1, 36, 1, 36, 1, 37, 1, 37, 5, 37, 447, 8, 37, 10, 37, 12, 37, 450, 9,
		37, 4, 37, 452, 8, 37, 11, 37, 12, 37, 453, 1, 38, 1, 38, 1, 38, 5, 38,
		459, 8, 38, 10, 38, 12, 38, 462, 9, 38, 1, 38, 1, 38, 3, 38, 466, 8, 38,
		1, 38, 3, 38, 469, 8, 38, 1, 39, 1, 39, 1, 39, 3, 39, 474, 8, 39, 1, 40,
		1, 40, 3, 40, 478, 8, 40, 1, 41, 1, 41, 3, 41, 482, 8, 41, 1, 41, 3, 41,
		485, 8, 41, 1, 42, 1, 42, 1, 42, 1, 42, 1, 42, 3, 42, 492, 8, 42, 1, 42,
		5, 42, 495, 8, 42, 10, 42, 12, 42, 498, 9, 42, 1, 42, 0, 1, 24, 43, 0,
		2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38,
		40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74,
		76, 78, 80, 82, 84, 0, 11, 2, 0, 52, 52, 110, 110, 3, 0, 64, 72, 94, 101,
		104, 105, 3, 0, 59, 60, 73, 80, 93, 93, 5, 0, 31, 31, 40, 40, 49, 52, 54,
		54, 56, 56, 2, 0, 2, 2, 50, 50, 1, 0, 62, 63, 3, 0, 94, 96, 99, 99, 102,
		103, 2, 0, 61, 61, 88, 88, 7, 0, 4, 4, 16, 16, 28, 28, 31, 31, 35, 35,
		40, 40, 42, 42, 3, 0, 8, 8, 29, 29, 46, 46, 2, 0, 38, 38, 43, 43, 543,
		0, 89, 1, 0, 0, 0, 2, 99, 1, 0, 0, 0, 4, 101, 1, 0, 0, 0, 6, 115, 1, 0,
		0, 0, 8, 117, 1, 0, 0, 0, 10, 121, 1, 0, 0, 0, 12, 128, 1, 0, 0, 0, 14,
		138, 1, 0, 0, 0, 16, 147, 1, 0, 0, 0, 18, 157, 1, 0, 0, 0, 20, 159, 1,
		0, 0, 0, 22, 167, 1, 0, 0, 0, 24, 223, 1, 0, 0, 0, 26, 246, 1, 0, 0, 0,
		28, 254, 1, 0, 0, 0, 30, 261, 1, 0, 0, 0, 32, 277, 1, 0, 0, 0, 34, 282,
		1, 0, 0, 0, 36, 294, 1, 0, 0, 0, 38, 303, 1, 0, 0, 0, 40, 319, 1, 0, 0,
		0, 42, 323, 1, 0, 0, 0, 44, 338, 1, 0, 0, 0, 46, 340, 1, 0, 0, 0, 48, 342,
		1, 0, 0, 0, 50, 350, 1, 0, 0, 0, 52, 358, 1, 0, 0, 0, 54, 371, 1, 0, 0,
		0, 56, 382, 1, 0, 0, 0, 58, 384, 1, 0, 0, 0, 60, 392, 1, 0, 0, 0, 62, 403,
		1, 0, 0, 0, 64, 409, 1, 0, 0, 0, 66, 418, 1, 0, 0, 0, 68, 432, 1, 0, 0,
		0, 70, 436, 1, 0, 0, 0, 72, 438, 1, 0, 0, 0, 74, 451, 1, 0, 0, 0, 76, 468,
		1, 0, 0, 0, 78, 470, 1, 0, 0, 0, 80, 475, 1, 0, 0, 0, 82, 484, 1, 0, 0,
		0, 84, 491, 1, 0, 0, 0, 86, 88, 3, 2, 1, 0, 87, 86, 1, 0, 0, 0, 88, 91,
		1, 0, 0, 0, 89, 87, 1, 0, 0, 0, 89, 90, 1, 0, 0, 0, 90, 92, 1, 0, 0, 0,
		91, 89, 1, 0, 0, 0, 92, 93, 5, 0, 0, 1, 93, 1, 1, 0, 0, 0, 94, 100, 3,
		4, 2, 0, 95, 100, 3, 38, 19, 0, 96, 100, 3, 28, 14, 0, 97, 100, 3, 30,
		15, 0, 98, 100, 3, 34, 17, 0, 99, 94, 1, 0, 0, 0, 99, 95, 1, 0, 0, 0, 99,
		96, 1, 0, 0, 0, 99, 97, 1, 0, 0, 0, 99, 98, 1, 0, 0, 0, 100, 3, 1, 0, 0,
		0, 101, 106, 3, 6, 3, 0, 102, 103, 5, 89, 0, 0, 103, 105, 3, 6, 3, 0, 104,
		102, 1, 0, 0, 0, 105, 108, 1, 0, 0, 0, 106, 104, 1, 0, 0, 0, 106, 107,
		1, 0, 0, 0, 107, 110, 1, 0, 0, 0, 108, 106, 1, 0, 0, 0, 109, 111, 3, 8,
		4, 0, 110, 109, 1, 0, 0, 0, 110, 111, 1, 0, 0, 0, 111, 113, 1, 0, 0, 0,
		112, 114, 3, 10, 5, 0, 113, 112, 1, 0, 0, 0, 113, 114, 1, 0, 0, 0, 114,
		5, 1, 0, 0, 0, 115, 116, 7, 0, 0, 0, 116, 7, 1, 0, 0, 0, 117, 118, 5, 97,
		0, 0, 118, 119, 3, 20, 10, 0, 119, 120, 5, 1, 0, 0, 120, 9, 1, 0, 0, 0,
		121, 122, 3, 16, 8, 0, 122, 11, 1, 0, 0, 0, 123, 127, 5, 90, 0, 0, 124,
		127, 3, 14, 7, 0, 125, 127, 3, 16, 8, 0, 126, 123, 1, 0, 0, 0, 126, 124,
		1, 0, 0, 0, 126, 125, 1, 0, 0, 0, 127, 130, 1, 0, 0, 0, 128, 126, 1, 0,
		0, 0, 128, 129, 1, 0, 0, 0, 129, 136, 1, 0, 0, 0, 130, 128, 1, 0, 0, 0,
		131, 134, 3, 20, 10, 0, 132, 133, 5, 90, 0, 0, 133, 135, 3, 12, 6, 0, 134,
		132, 1, 0, 0, 0, 134, 135, 1, 0, 0, 0, 135, 137, 1, 0, 0, 0, 136, 131,
		1, 0, 0, 0, 136, 137, 1, 0, 0, 0, 137, 13, 1, 0, 0, 0, 138, 139, 5, 20,
		0, 0, 139, 140, 5, 82, 0, 0, 140, 141, 3, 20, 10, 0, 141, 142, 5, 83, 0,
		0, 142, 145, 3, 18, 9, 0, 143, 144, 5, 14, 0, 0, 144, 146, 3, 18, 9, 0,
		145, 143, 1, 0, 0, 0, 145, 146, 1, 0, 0, 0, 146, 15, 1, 0, 0, 0, 147, 148,
		5, 86, 0, 0, 148, 149, 3, 12, 6, 0, 149, 150, 5, 87, 0, 0, 150, 17, 1,
		0, 0, 0, 151, 152, 3, 20, 10, 0, 152, 153, 5, 90, 0, 0, 153, 158, 1, 0,
		0, 0, 154, 158, 3, 14, 7, 0, 155, 158, 3, 16, 8, 0, 156, 158, 5, 90, 0,
		0, 157, 151, 1, 0, 0, 0, 157, 154, 1, 0, 0, 0, 157, 155, 1, 0, 0, 0, 157,
		156, 1, 0, 0, 0, 158, 19, 1, 0, 0, 0, 159, 164, 3, 22, 11, 0, 160, 161,
		5, 89, 0, 0, 161, 163, 3, 22, 11, 0, 162, 160, 1, 0, 0, 0, 163, 166, 1,
		0, 0, 0, 164, 162, 1, 0, 0, 0, 164, 165, 1, 0, 0, 0, 165, 21, 1, 0, 0,
		0, 166, 164, 1, 0, 0, 0, 167, 172, 3, 24, 12, 0, 168, 169, 7, 1, 0, 0,
		169, 171, 3, 24, 12, 0, 170, 168, 1, 0, 0, 0, 171, 174, 1, 0, 0, 0, 172,
		170, 1, 0, 0, 0, 172, 173, 1, 0, 0, 0, 173, 182, 1, 0, 0, 0, 174, 172,
		1, 0, 0, 0, 175, 176, 5, 92, 0, 0, 176, 177, 3, 20, 10, 0, 177, 178, 5,
		91, 0, 0, 178, 179, 3, 22, 11, 0, 179, 183, 1, 0, 0, 0, 180, 181, 7, 2,
		0, 0, 181, 183, 3, 22, 11, 0, 182, 175, 1, 0, 0, 0, 182, 180, 1, 0, 0,
		0, 182, 183, 1, 0, 0, 0, 183, 23, 1, 0, 0, 0, 184, 185, 6, 12, -1, 0, 185,
		224, 7, 3, 0, 0, 186, 187, 5, 82, 0, 0, 187, 188, 3, 20, 10, 0, 188, 189,
		5, 83, 0, 0, 189, 224, 1, 0, 0, 0, 190, 191, 5, 25, 0, 0, 191, 192, 5,
		82, 0, 0, 192, 193, 3, 80, 40, 0, 193, 194, 5, 89, 0, 0, 194, 195, 7, 4,
		0, 0, 195, 196, 5, 83, 0, 0, 196, 224, 1, 0, 0, 0, 197, 198, 5, 48, 0,
		0, 198, 199, 5, 104, 0, 0, 199, 200, 3, 80, 40, 0, 200, 201, 5, 105, 0,
		0, 201, 202, 5, 82, 0, 0, 202, 203, 3, 20, 10, 0, 203, 204, 5, 83, 0, 0,
		204, 224, 1, 0, 0, 0, 205, 206, 7, 5, 0, 0, 206, 224, 3, 24, 12, 6, 207,
		208, 7, 6, 0, 0, 208, 224, 3, 24, 12, 5, 209, 210, 5, 34, 0, 0, 210, 211,
		5, 82, 0, 0, 211, 212, 3, 80, 40, 0, 212, 213, 5, 83, 0, 0, 213, 224, 1,
		0, 0, 0, 214, 215, 5, 34, 0, 0, 215, 224, 3, 24, 12, 3, 216, 217, 5, 37,
		0, 0, 217, 224, 3, 24, 12, 2, 218, 219, 5, 82, 0, 0, 219, 220, 3, 80, 40,
		0, 220, 221, 5, 83, 0, 0, 221, 222, 3, 24, 12, 1, 222, 224, 1, 0, 0, 0,
		223, 184, 1, 0, 0, 0, 223, 186, 1, 0, 0, 0, 223, 190, 1, 0, 0, 0, 223,
		197, 1, 0, 0, 0, 223, 205, 1, 0, 0, 0, 223, 207, 1, 0, 0, 0, 223, 209,
		1, 0, 0, 0, 223, 214, 1, 0, 0, 0, 223, 216, 1, 0, 0, 0, 223, 218, 1, 0,
		0, 0, 224, 243, 1, 0, 0, 0, 225, 226, 10, 10, 0, 0, 226, 227, 5, 84, 0,
		0, 227, 228, 3, 26, 13, 0, 228, 229, 5, 85, 0, 0, 229, 242, 1, 0, 0, 0,
		230, 231, 10, 9, 0, 0, 231, 233, 5, 82, 0, 0, 232, 234, 3, 26, 13, 0, 233,
		232, 1, 0, 0, 0, 233, 234, 1, 0, 0, 0, 234, 235, 1, 0, 0, 0, 235, 242,
		5, 83, 0, 0, 236, 237, 10, 8, 0, 0, 237, 238, 7, 7, 0, 0, 238, 242, 5,
		50, 0, 0, 239, 240, 10, 7, 0, 0, 240, 242, 7, 5, 0, 0, 241, 225, 1, 0,
		0, 0, 241, 230, 1, 0, 0, 0, 241, 236, 1, 0, 0, 0, 241, 239, 1, 0, 0, 0,
		242, 245, 1, 0, 0, 0, 243, 241, 1, 0, 0, 0, 243, 244, 1, 0, 0, 0, 244,
		25, 1, 0, 0, 0, 245, 243, 1, 0, 0, 0, 246, 251, 3, 22, 11, 0, 247, 248,
		5, 89, 0, 0, 248, 250, 3, 22, 11, 0, 249, 247, 1, 0, 0, 0, 250, 253, 1,
		0, 0, 0, 251, 249, 1, 0, 0, 0, 251, 252, 1, 0, 0, 0, 252, 27, 1, 0, 0,
		0, 253, 251, 1, 0, 0, 0, 254, 255, 5, 22, 0, 0, 255, 256, 3, 40, 20, 0,
		256, 257, 3, 64, 32, 0, 257, 258, 5, 93, 0, 0, 258, 259, 3, 22, 11, 0,
		259, 260, 5, 90, 0, 0, 260, 29, 1, 0, 0, 0, 261, 262, 5, 41, 0, 0, 262,
		263, 3, 80, 40, 0, 263, 264, 5, 104, 0, 0, 264, 265, 3, 80, 40, 0, 265,
		266, 5, 50, 0, 0, 266, 267, 5, 105, 0, 0, 267, 271, 5, 86, 0, 0, 268, 270,
		3, 32, 16, 0, 269, 268, 1, 0, 0, 0, 270, 273, 1, 0, 0, 0, 271, 269, 1,
		0, 0, 0, 271, 272, 1, 0, 0, 0, 272, 274, 1, 0, 0, 0, 273, 271, 1, 0, 0,
		0, 274, 275, 5, 87, 0, 0, 275, 276, 5, 90, 0, 0, 276, 31, 1, 0, 0, 0, 277,
		278, 5, 50, 0, 0, 278, 279, 5, 93, 0, 0, 279, 280, 3, 22, 11, 0, 280, 281,
		5, 90, 0, 0, 281, 33, 1, 0, 0, 0, 282, 283, 5, 27, 0, 0, 283, 284, 5, 50,
		0, 0, 284, 288, 5, 86, 0, 0, 285, 287, 3, 36, 18, 0, 286, 285, 1, 0, 0,
		0, 287, 290, 1, 0, 0, 0, 288, 286, 1, 0, 0, 0, 288, 289, 1, 0, 0, 0, 289,
		291, 1, 0, 0, 0, 290, 288, 1, 0, 0, 0, 291, 292, 5, 87, 0, 0, 292, 293,
		5, 90, 0, 0, 293, 35, 1, 0, 0, 0, 294, 295, 5, 26, 0, 0, 295, 296, 5, 50,
		0, 0, 296, 299, 3, 72, 36, 0, 297, 298, 5, 91, 0, 0, 298, 300, 3, 72, 36,
		0, 299, 297, 1, 0, 0, 0, 299, 300, 1, 0, 0, 0, 300, 301, 1, 0, 0, 0, 301,
		302, 5, 90, 0, 0, 302, 37, 1, 0, 0, 0, 303, 312, 3, 40, 20, 0, 304, 309,
		3, 64, 32, 0, 305, 306, 5, 89, 0, 0, 306, 308, 3, 64, 32, 0, 307, 305,
		1, 0, 0, 0, 308, 311, 1, 0, 0, 0, 309, 307, 1, 0, 0, 0, 309, 310, 1, 0,
		0, 0, 310, 313, 1, 0, 0, 0, 311, 309, 1, 0, 0, 0, 312, 304, 1, 0, 0, 0,
		312, 313, 1, 0, 0, 0, 313, 314, 1, 0, 0, 0, 314, 315, 5, 90, 0, 0, 315,
		39, 1, 0, 0, 0, 316, 320, 3, 42, 21, 0, 317, 320, 3, 44, 22, 0, 318, 320,
		3, 46, 23, 0, 319, 316, 1, 0, 0, 0, 319, 317, 1, 0, 0, 0, 319, 318, 1,
		0, 0, 0, 320, 321, 1, 0, 0, 0, 321, 319, 1, 0, 0, 0, 321, 322, 1, 0, 0,
		0, 322, 41, 1, 0, 0, 0, 323, 324, 7, 8, 0, 0, 324, 43, 1, 0, 0, 0, 325,
		339, 5, 45, 0, 0, 326, 339, 5, 7, 0, 0, 327, 339, 5, 32, 0, 0, 328, 339,
		5, 23, 0, 0, 329, 339, 5, 24, 0, 0, 330, 339, 5, 17, 0, 0, 331, 339, 5,
		13, 0, 0, 332, 339, 5, 33, 0, 0, 333, 339, 5, 44, 0, 0, 334, 339, 5, 36,
		0, 0, 335, 339, 5, 2, 0, 0, 336, 339, 3, 48, 24, 0, 337, 339, 3, 58, 29,
		0, 338, 325, 1, 0, 0, 0, 338, 326, 1, 0, 0, 0, 338, 327, 1, 0, 0, 0, 338,
		328, 1, 0, 0, 0, 338, 329, 1, 0, 0, 0, 338, 330, 1, 0, 0, 0, 338, 331,
		1, 0, 0, 0, 338, 332, 1, 0, 0, 0, 338, 333, 1, 0, 0, 0, 338, 334, 1, 0,
		0, 0, 338, 335, 1, 0, 0, 0, 338, 336, 1, 0, 0, 0, 338, 337, 1, 0, 0, 0,
		339, 45, 1, 0, 0, 0, 340, 341, 7, 9, 0, 0, 341, 47, 1, 0, 0, 0, 342, 348,
		7, 10, 0, 0, 343, 345, 5, 50, 0, 0, 344, 346, 3, 50, 25, 0, 345, 344, 1,
		0, 0, 0, 345, 346, 1, 0, 0, 0, 346, 349, 1, 0, 0, 0, 347, 349, 3, 50, 25,
		0, 348, 343, 1, 0, 0, 0, 348, 347, 1, 0, 0, 0, 349, 49, 1, 0, 0, 0, 350,
		352, 5, 86, 0, 0, 351, 353, 3, 52, 26, 0, 352, 351, 1, 0, 0, 0, 353, 354,
		1, 0, 0, 0, 354, 352, 1, 0, 0, 0, 354, 355, 1, 0, 0, 0, 355, 356, 1, 0,
		0, 0, 356, 357, 5, 87, 0, 0, 357, 51, 1, 0, 0, 0, 358, 359, 3, 54, 27,
		0, 359, 364, 3, 56, 28, 0, 360, 361, 5, 89, 0, 0, 361, 363, 3, 56, 28,
		0, 362, 360, 1, 0, 0, 0, 363, 366, 1, 0, 0, 0, 364, 362, 1, 0, 0, 0, 364,
		365, 1, 0, 0, 0, 365, 367, 1, 0, 0, 0, 366, 364, 1, 0, 0, 0, 367, 368,
		5, 90, 0, 0, 368, 53, 1, 0, 0, 0, 369, 372, 3, 44, 22, 0, 370, 372, 3,
		46, 23, 0, 371, 369, 1, 0, 0, 0, 371, 370, 1, 0, 0, 0, 372, 373, 1, 0,
		0, 0, 373, 371, 1, 0, 0, 0, 373, 374, 1, 0, 0, 0, 374, 55, 1, 0, 0, 0,
		375, 378, 3, 64, 32, 0, 376, 377, 5, 91, 0, 0, 377, 379, 3, 22, 11, 0,
		378, 376, 1, 0, 0, 0, 378, 379, 1, 0, 0, 0, 379, 383, 1, 0, 0, 0, 380,
		381, 5, 91, 0, 0, 381, 383, 3, 22, 11, 0, 382, 375, 1, 0, 0, 0, 382, 380,
		1, 0, 0, 0, 383, 57, 1, 0, 0, 0, 384, 390, 5, 15, 0, 0, 385, 387, 5, 50,
		0, 0, 386, 388, 3, 60, 30, 0, 387, 386, 1, 0, 0, 0, 387, 388, 1, 0, 0,
		0, 388, 391, 1, 0, 0, 0, 389, 391, 3, 60, 30, 0, 390, 385, 1, 0, 0, 0,
		390, 389, 1, 0, 0, 0, 391, 59, 1, 0, 0, 0, 392, 393, 5, 86, 0, 0, 393,
		398, 3, 62, 31, 0, 394, 395, 5, 89, 0, 0, 395, 397, 3, 62, 31, 0, 396,
		394, 1, 0, 0, 0, 397, 400, 1, 0, 0, 0, 398, 396, 1, 0, 0, 0, 398, 399,
		1, 0, 0, 0, 399, 401, 1, 0, 0, 0, 400, 398, 1, 0, 0, 0, 401, 402, 5, 87,
		0, 0, 402, 61, 1, 0, 0, 0, 403, 406, 5, 50, 0, 0, 404, 405, 5, 93, 0, 0,
		405, 407, 3, 22, 11, 0, 406, 404, 1, 0, 0, 0, 406, 407, 1, 0, 0, 0, 407,
		63, 1, 0, 0, 0, 408, 410, 3, 74, 37, 0, 409, 408, 1, 0, 0, 0, 409, 410,
		1, 0, 0, 0, 410, 411, 1, 0, 0, 0, 411, 412, 3, 66, 33, 0, 412, 65, 1, 0,
		0, 0, 413, 419, 5, 50, 0, 0, 414, 415, 5, 82, 0, 0, 415, 416, 3, 64, 32,
		0, 416, 417, 5, 83, 0, 0, 417, 419, 1, 0, 0, 0, 418, 413, 1, 0, 0, 0, 418,
		414, 1, 0, 0, 0, 419, 423, 1, 0, 0, 0, 420, 422, 3, 68, 34, 0, 421, 420,
		1, 0, 0, 0, 422, 425, 1, 0, 0, 0, 423, 421, 1, 0, 0, 0, 423, 424, 1, 0,
		0, 0, 424, 67, 1, 0, 0, 0, 425, 423, 1, 0, 0, 0, 426, 428, 5, 84, 0, 0,
		427, 429, 3, 70, 35, 0, 428, 427, 1, 0, 0, 0, 428, 429, 1, 0, 0, 0, 429,
		430, 1, 0, 0, 0, 430, 433, 5, 85, 0, 0, 431, 433, 3, 72, 36, 0, 432, 426,
		1, 0, 0, 0, 432, 431, 1, 0, 0, 0, 433, 69, 1, 0, 0, 0, 434, 437, 3, 22,
		11, 0, 435, 437, 3, 76, 38, 0, 436, 434, 1, 0, 0, 0, 436, 435, 1, 0, 0,
		0, 437, 71, 1, 0, 0, 0, 438, 440, 5, 82, 0, 0, 439, 441, 3, 76, 38, 0,
		440, 439, 1, 0, 0, 0, 440, 441, 1, 0, 0, 0, 441, 442, 1, 0, 0, 0, 442,
		443, 5, 83, 0, 0, 443, 73, 1, 0, 0, 0, 444, 448, 5, 96, 0, 0, 445, 447,
		3, 46, 23, 0, 446, 445, 1, 0, 0, 0, 447, 450, 1, 0, 0, 0, 448, 446, 1,
		0, 0, 0, 448, 449, 1, 0, 0, 0, 449, 452, 1, 0, 0, 0, 450, 448, 1, 0, 0,
		0, 451, 444, 1, 0, 0, 0, 452, 453, 1, 0, 0, 0, 453, 451, 1, 0, 0, 0, 453,
		454, 1, 0, 0, 0, 454, 75, 1, 0, 0, 0, 455, 460, 3, 78, 39, 0, 456, 457,
		5, 89, 0, 0, 457, 459, 3, 78, 39, 0, 458, 456, 1, 0, 0, 0, 459, 462, 1,
		0, 0, 0, 460, 458, 1, 0, 0, 0, 460, 461, 1, 0, 0, 0, 461, 465, 1, 0, 0,
		0, 462, 460, 1, 0, 0, 0, 463, 464, 5, 89, 0, 0, 464, 466, 5, 58, 0, 0,
		465, 463, 1, 0, 0, 0, 465, 466, 1, 0, 0, 0, 466, 469, 1, 0, 0, 0, 467,
		469, 5, 58, 0, 0, 468, 455, 1, 0, 0, 0, 468, 467, 1, 0, 0, 0, 469, 77,
		1, 0, 0, 0, 470, 473, 3, 40, 20, 0, 471, 474, 3, 64, 32, 0, 472, 474, 3,
		82, 41, 0, 473, 471, 1, 0, 0, 0, 473, 472, 1, 0, 0, 0, 473, 474, 1, 0,
		0, 0, 474, 79, 1, 0, 0, 0, 475, 477, 3, 54, 27, 0, 476, 478, 3, 82, 41,
		0, 477, 476, 1, 0, 0, 0, 477, 478, 1, 0, 0, 0, 478, 81, 1, 0, 0, 0, 479,
		481, 3, 74, 37, 0, 480, 482, 3, 84, 42, 0, 481, 480, 1, 0, 0, 0, 481, 482,
		1, 0, 0, 0, 482, 485, 1, 0, 0, 0, 483, 485, 3, 84, 42, 0, 484, 479, 1,
		0, 0, 0, 484, 483, 1, 0, 0, 0, 485, 83, 1, 0, 0, 0, 486, 487, 5, 82, 0,
		0, 487, 488, 3, 82, 41, 0, 488, 489, 5, 83, 0, 0, 489, 492, 1, 0, 0, 0,
		490, 492, 3, 68, 34, 0, 491, 486, 1, 0, 0, 0, 491, 490, 1, 0, 0, 0, 492,
		496, 1, 0, 0, 0, 493, 495, 3, 68, 34, 0, 494, 493, 1, 0, 0, 0, 495, 498,
		1, 0, 0, 0, 496, 494, 1, 0, 0, 0, 496, 497, 1, 0, 0, 0, 497, 85, 1, 0,
		0, 0, 498, 496, 1, 0, 0, 0, 57, 89, 99, 106, 110, 113, 126, 128, 134, 136,
		145, 157, 164, 172, 182, 223, 233, 241, 243, 251, 271, 288, 299, 309, 312,
		319, 321, 338, 345, 348, 354, 364, 371, 373, 378, 382, 387, 390, 398, 406,
		409, 418, 423, 428, 432, 436, 440, 448, 453, 460, 465, 468, 473, 477, 481,
		484, 491, 496,
	}
	deserializer := antlr.NewATNDeserializer(nil)
	staticData.atn = deserializer.Deserialize(staticData.serializedATN)
	atn := staticData.atn
	staticData.decisionToDFA = make([]*antlr.DFA, len(atn.DecisionToState))
	decisionToDFA := staticData.decisionToDFA
	for index, state := range atn.DecisionToState {
		decisionToDFA[index] = antlr.NewDFA(state, index)
	}
}

// DParserInit initializes any static state used to implement DParser. By default the
// static state used to implement the parser is lazily initialized during the first call to
// NewDParser(). You can call this function if you wish to initialize the static state ahead
// of time.
func DParserInit() {
	staticData := &DParserParserStaticData
	staticData.once.Do(dparserParserInit)
}

// NewDParser produces a new parser instance for the optional input antlr.TokenStream.
func NewDParser(input antlr.TokenStream) *DParser {
	DParserInit()
	this := new(DParser)
	this.BaseParser = antlr.NewBaseParser(input)
	staticData := &DParserParserStaticData
	this.Interpreter = antlr.NewParserATNSimulator(this, staticData.atn, staticData.decisionToDFA, staticData.PredictionContextCache)
	this.RuleNames = staticData.RuleNames
	this.LiteralNames = staticData.LiteralNames
	this.SymbolicNames = staticData.SymbolicNames
	this.GrammarFileName = "DParser.g4"

	return this
}

// DParser tokens.
const (
	DParserEOF        = antlr.TokenEOF
	DParserEPRED      = 1
	DParserTYPE_NAME  = 2
	DParserLEXERROR   = 3
	DParserAUTO       = 4
	DParserBREAK      = 5
	DParserCASE       = 6
	DParserCHAR       = 7
	DParserCONST      = 8
	DParserCONTINUE   = 9
	DParserCOUNTER    = 10
	DParserDEFAULT    = 11
	DParserDO         = 12
	DParserDOUBLE     = 13
	DParserELSE       = 14
	DParserENUM       = 15
	DParserEXTERN     = 16
	DParserFLOAT      = 17
	DParserFOR        = 18
	DParserGOTO       = 19
	DParserIF         = 20
	DParserIMPORT     = 21
	DParserINLINE     = 22
	DParserINT        = 23
	DParserLONG       = 24
	DParserOFFSETOF   = 25
	DParserPROBE      = 26
	DParserPROVIDER   = 27
	DParserREGISTER   = 28
	DParserRESTRICT   = 29
	DParserRETURN     = 30
	DParserSELF       = 31
	DParserSHORT      = 32
	DParserSIGNED     = 33
	DParserSIZEOF     = 34
	DParserSTATIC     = 35
	DParserSTRING     = 36
	DParserSTRINGOF   = 37
	DParserSTRUCT     = 38
	DParserSWITCH     = 39
	DParserTHIS       = 40
	DParserTRANSLATOR = 41
	DParserTYPEDEF    = 42
	DParserUNION      = 43
	DParserUNSIGNED   = 44
	DParserVOID       = 45
	DParserVOLATILE   = 46
	DParserWHILE      = 47
	DParserXLATE      = 48
	DParserMACRO      = 49
	DParserIDENT      = 50
	DParserAGG        = 51
	DParserINTEGER    = 52
	DParserFLOATING   = 53
	DParserSTRINGLIT  = 54
	DParserSTRING_NL  = 55
	DParserCHARLIT    = 56
	DParserCHAR_NL    = 57
	DParserELLIPSIS   = 58
	DParserLSHIFT_EQ  = 59
	DParserRSHIFT_EQ  = 60
	DParserARROW      = 61
	DParserPLUSPLUS   = 62
	DParserMINUSMINUS = 63
	DParserANDAND     = 64
	DParserOROR       = 65
	DParserXORXOR     = 66
	DParserLSHIFT     = 67
	DParserRSHIFT     = 68
	DParserLE         = 69
	DParserGE         = 70
	DParserEQ         = 71
	DParserNE         = 72
	DParserMUL_EQ     = 73
	DParserDIV_EQ     = 74
	DParserMOD_EQ     = 75
	DParserADD_EQ     = 76
	DParserSUB_EQ     = 77
	DParserAND_EQ     = 78
	DParserXOR_EQ     = 79
	DParserOR_EQ      = 80
	DParserCOMMENT    = 81
	DParserLPAREN     = 82
	DParserRPAREN     = 83
	DParserLBRACKET   = 84
	DParserRBRACKET   = 85
	DParserLBRACE     = 86
	DParserRBRACE     = 87
	DParserDOT        = 88
	DParserCOMMA      = 89
	DParserSEMI       = 90
	DParserCOLON      = 91
	DParserQUESTION   = 92
	DParserASSIGN     = 93
	DParserPLUS       = 94
	DParserMINUS      = 95
	DParserSTAR       = 96
	DParserSLASH      = 97
	DParserPERCENT    = 98
	DParserAMP        = 99
	DParserPIPE       = 100
	DParserCARET      = 101
	DParserTILDE      = 102
	DParserBANG       = 103
	DParserLT         = 104
	DParserGT         = 105
	DParserHASH       = 106
	DParserWS         = 107
	DParserLINECONT   = 108
	DParserBADCHAR    = 109
	DParserPSPEC      = 110
	DParserO_WS       = 111
)

// DParser rules.
const (
	DParserRULE_program                  = 0
	DParserRULE_item                     = 1
	DParserRULE_clause                   = 2
	DParserRULE_probeSpecifier           = 3
	DParserRULE_predicate                = 4
	DParserRULE_body                     = 5
	DParserRULE_statementList            = 6
	DParserRULE_ifStatement              = 7
	DParserRULE_block                    = 8
	DParserRULE_branch                   = 9
	DParserRULE_expression               = 10
	DParserRULE_expr                     = 11
	DParserRULE_unaryExpr                = 12
	DParserRULE_argumentList             = 13
	DParserRULE_inlineDefinition         = 14
	DParserRULE_translatorDefinition     = 15
	DParserRULE_translatorMember         = 16
	DParserRULE_providerDefinition       = 17
	DParserRULE_providerProbe            = 18
	DParserRULE_declaration              = 19
	DParserRULE_declarationSpecifiers    = 20
	DParserRULE_storageClass             = 21
	DParserRULE_typeSpecifier            = 22
	DParserRULE_typeQualifier            = 23
	DParserRULE_structSpecifier          = 24
	DParserRULE_structBody               = 25
	DParserRULE_structDeclaration        = 26
	DParserRULE_specifierQualifierList   = 27
	DParserRULE_structDeclarator         = 28
	DParserRULE_enumSpecifier            = 29
	DParserRULE_enumBody                 = 30
	DParserRULE_enumerator               = 31
	DParserRULE_declarator               = 32
	DParserRULE_directDeclarator         = 33
	DParserRULE_declaratorSuffix         = 34
	DParserRULE_arrayParameters          = 35
	DParserRULE_parameterList            = 36
	DParserRULE_pointer                  = 37
	DParserRULE_parameterTypeList        = 38
	DParserRULE_parameterDeclaration     = 39
	DParserRULE_typeName                 = 40
	DParserRULE_abstractDeclarator       = 41
	DParserRULE_directAbstractDeclarator = 42
)

// IProgramContext is an interface to support dynamic dispatch.
type IProgramContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	EOF() antlr.TerminalNode
	AllItem() []IItemContext
	Item(i int) IItemContext

	// IsProgramContext differentiates from other interfaces.
	IsProgramContext()
}

type ProgramContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyProgramContext() *ProgramContext {
	var p = new(ProgramContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_program
	return p
}

func InitEmptyProgramContext(p *ProgramContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_program
}

func (*ProgramContext) IsProgramContext() {}

func NewProgramContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ProgramContext {
	var p = new(ProgramContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_program

	return p
}

func (s *ProgramContext) GetParser() antlr.Parser { return s.parser }

func (s *ProgramContext) EOF() antlr.TerminalNode {
	return s.GetToken(DParserEOF, 0)
}

func (s *ProgramContext) AllItem() []IItemContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IItemContext); ok {
			len++
		}
	}

	tst := make([]IItemContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IItemContext); ok {
			tst[i] = t.(IItemContext)
			i++
		}
	}

	return tst
}

func (s *ProgramContext) Item(i int) IItemContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IItemContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IItemContext)
}

func (s *ProgramContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ProgramContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Program() (localctx IProgramContext) {
	localctx = NewProgramContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 0, DParserRULE_program)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(89)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4643631562727828) != 0) || _la == DParserPSPEC {
		{
			p.SetState(86)
			p.Item()
		}

		p.SetState(91)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(92)
		p.Match(DParserEOF)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IItemContext is an interface to support dynamic dispatch.
type IItemContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Clause() IClauseContext
	Declaration() IDeclarationContext
	InlineDefinition() IInlineDefinitionContext
	TranslatorDefinition() ITranslatorDefinitionContext
	ProviderDefinition() IProviderDefinitionContext

	// IsItemContext differentiates from other interfaces.
	IsItemContext()
}

type ItemContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyItemContext() *ItemContext {
	var p = new(ItemContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_item
	return p
}

func InitEmptyItemContext(p *ItemContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_item
}

func (*ItemContext) IsItemContext() {}

func NewItemContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ItemContext {
	var p = new(ItemContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_item

	return p
}

func (s *ItemContext) GetParser() antlr.Parser { return s.parser }

func (s *ItemContext) Clause() IClauseContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IClauseContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IClauseContext)
}

func (s *ItemContext) Declaration() IDeclarationContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclarationContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclarationContext)
}

func (s *ItemContext) InlineDefinition() IInlineDefinitionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IInlineDefinitionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IInlineDefinitionContext)
}

func (s *ItemContext) TranslatorDefinition() ITranslatorDefinitionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITranslatorDefinitionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITranslatorDefinitionContext)
}

func (s *ItemContext) ProviderDefinition() IProviderDefinitionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IProviderDefinitionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IProviderDefinitionContext)
}

func (s *ItemContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ItemContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Item() (localctx IItemContext) {
	localctx = NewItemContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 2, DParserRULE_item)
	p.SetState(99)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserINTEGER, DParserPSPEC:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(94)
			p.Clause()
		}

	case DParserTYPE_NAME, DParserAUTO, DParserCHAR, DParserCONST, DParserDOUBLE, DParserENUM, DParserEXTERN, DParserFLOAT, DParserINT, DParserLONG, DParserREGISTER, DParserRESTRICT, DParserSELF, DParserSHORT, DParserSIGNED, DParserSTATIC, DParserSTRING, DParserSTRUCT, DParserTHIS, DParserTYPEDEF, DParserUNION, DParserUNSIGNED, DParserVOID, DParserVOLATILE:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(95)
			p.Declaration()
		}

	case DParserINLINE:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(96)
			p.InlineDefinition()
		}

	case DParserTRANSLATOR:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(97)
			p.TranslatorDefinition()
		}

	case DParserPROVIDER:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(98)
			p.ProviderDefinition()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IClauseContext is an interface to support dynamic dispatch.
type IClauseContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllProbeSpecifier() []IProbeSpecifierContext
	ProbeSpecifier(i int) IProbeSpecifierContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode
	Predicate() IPredicateContext
	Body() IBodyContext

	// IsClauseContext differentiates from other interfaces.
	IsClauseContext()
}

type ClauseContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyClauseContext() *ClauseContext {
	var p = new(ClauseContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_clause
	return p
}

func InitEmptyClauseContext(p *ClauseContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_clause
}

func (*ClauseContext) IsClauseContext() {}

func NewClauseContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ClauseContext {
	var p = new(ClauseContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_clause

	return p
}

func (s *ClauseContext) GetParser() antlr.Parser { return s.parser }

func (s *ClauseContext) AllProbeSpecifier() []IProbeSpecifierContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IProbeSpecifierContext); ok {
			len++
		}
	}

	tst := make([]IProbeSpecifierContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IProbeSpecifierContext); ok {
			tst[i] = t.(IProbeSpecifierContext)
			i++
		}
	}

	return tst
}

func (s *ClauseContext) ProbeSpecifier(i int) IProbeSpecifierContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IProbeSpecifierContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IProbeSpecifierContext)
}

func (s *ClauseContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(DParserCOMMA)
}

func (s *ClauseContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, i)
}

func (s *ClauseContext) Predicate() IPredicateContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPredicateContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPredicateContext)
}

func (s *ClauseContext) Body() IBodyContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBodyContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBodyContext)
}

func (s *ClauseContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ClauseContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Clause() (localctx IClauseContext) {
	localctx = NewClauseContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 4, DParserRULE_clause)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(101)
		p.ProbeSpecifier()
	}
	p.SetState(106)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserCOMMA {
		{
			p.SetState(102)
			p.Match(DParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(103)
			p.ProbeSpecifier()
		}

		p.SetState(108)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(110)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == DParserSLASH {
		{
			p.SetState(109)
			p.Predicate()
		}

	}
	p.SetState(113)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == DParserLBRACE {
		{
			p.SetState(112)
			p.Body()
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IProbeSpecifierContext is an interface to support dynamic dispatch.
type IProbeSpecifierContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	PSPEC() antlr.TerminalNode
	INTEGER() antlr.TerminalNode

	// IsProbeSpecifierContext differentiates from other interfaces.
	IsProbeSpecifierContext()
}

type ProbeSpecifierContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyProbeSpecifierContext() *ProbeSpecifierContext {
	var p = new(ProbeSpecifierContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_probeSpecifier
	return p
}

func InitEmptyProbeSpecifierContext(p *ProbeSpecifierContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_probeSpecifier
}

func (*ProbeSpecifierContext) IsProbeSpecifierContext() {}

func NewProbeSpecifierContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ProbeSpecifierContext {
	var p = new(ProbeSpecifierContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_probeSpecifier

	return p
}

func (s *ProbeSpecifierContext) GetParser() antlr.Parser { return s.parser }

func (s *ProbeSpecifierContext) PSPEC() antlr.TerminalNode {
	return s.GetToken(DParserPSPEC, 0)
}

func (s *ProbeSpecifierContext) INTEGER() antlr.TerminalNode {
	return s.GetToken(DParserINTEGER, 0)
}

func (s *ProbeSpecifierContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ProbeSpecifierContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ProbeSpecifier() (localctx IProbeSpecifierContext) {
	localctx = NewProbeSpecifierContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 6, DParserRULE_probeSpecifier)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(115)
		_la = p.GetTokenStream().LA(1)

		if !(_la == DParserINTEGER || _la == DParserPSPEC) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IPredicateContext is an interface to support dynamic dispatch.
type IPredicateContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	SLASH() antlr.TerminalNode
	Expression() IExpressionContext
	EPRED() antlr.TerminalNode

	// IsPredicateContext differentiates from other interfaces.
	IsPredicateContext()
}

type PredicateContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyPredicateContext() *PredicateContext {
	var p = new(PredicateContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_predicate
	return p
}

func InitEmptyPredicateContext(p *PredicateContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_predicate
}

func (*PredicateContext) IsPredicateContext() {}

func NewPredicateContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *PredicateContext {
	var p = new(PredicateContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_predicate

	return p
}

func (s *PredicateContext) GetParser() antlr.Parser { return s.parser }

func (s *PredicateContext) SLASH() antlr.TerminalNode {
	return s.GetToken(DParserSLASH, 0)
}

func (s *PredicateContext) Expression() IExpressionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExpressionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExpressionContext)
}

func (s *PredicateContext) EPRED() antlr.TerminalNode {
	return s.GetToken(DParserEPRED, 0)
}

func (s *PredicateContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PredicateContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Predicate() (localctx IPredicateContext) {
	localctx = NewPredicateContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 8, DParserRULE_predicate)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(117)
		p.Match(DParserSLASH)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(118)
		p.Expression()
	}
	{
		p.SetState(119)
		p.Match(DParserEPRED)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IBodyContext is an interface to support dynamic dispatch.
type IBodyContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Block() IBlockContext

	// IsBodyContext differentiates from other interfaces.
	IsBodyContext()
}

type BodyContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyBodyContext() *BodyContext {
	var p = new(BodyContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_body
	return p
}

func InitEmptyBodyContext(p *BodyContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_body
}

func (*BodyContext) IsBodyContext() {}

func NewBodyContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *BodyContext {
	var p = new(BodyContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_body

	return p
}

func (s *BodyContext) GetParser() antlr.Parser { return s.parser }

func (s *BodyContext) Block() IBlockContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBlockContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBlockContext)
}

func (s *BodyContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BodyContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Body() (localctx IBodyContext) {
	localctx = NewBodyContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 10, DParserRULE_body)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(121)
		p.Block()
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStatementListContext is an interface to support dynamic dispatch.
type IStatementListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllSEMI() []antlr.TerminalNode
	SEMI(i int) antlr.TerminalNode
	AllIfStatement() []IIfStatementContext
	IfStatement(i int) IIfStatementContext
	AllBlock() []IBlockContext
	Block(i int) IBlockContext
	Expression() IExpressionContext
	StatementList() IStatementListContext

	// IsStatementListContext differentiates from other interfaces.
	IsStatementListContext()
}

type StatementListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStatementListContext() *StatementListContext {
	var p = new(StatementListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_statementList
	return p
}

func InitEmptyStatementListContext(p *StatementListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_statementList
}

func (*StatementListContext) IsStatementListContext() {}

func NewStatementListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StatementListContext {
	var p = new(StatementListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_statementList

	return p
}

func (s *StatementListContext) GetParser() antlr.Parser { return s.parser }

func (s *StatementListContext) AllSEMI() []antlr.TerminalNode {
	return s.GetTokens(DParserSEMI)
}

func (s *StatementListContext) SEMI(i int) antlr.TerminalNode {
	return s.GetToken(DParserSEMI, i)
}

func (s *StatementListContext) AllIfStatement() []IIfStatementContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IIfStatementContext); ok {
			len++
		}
	}

	tst := make([]IIfStatementContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IIfStatementContext); ok {
			tst[i] = t.(IIfStatementContext)
			i++
		}
	}

	return tst
}

func (s *StatementListContext) IfStatement(i int) IIfStatementContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfStatementContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfStatementContext)
}

func (s *StatementListContext) AllBlock() []IBlockContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBlockContext); ok {
			len++
		}
	}

	tst := make([]IBlockContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBlockContext); ok {
			tst[i] = t.(IBlockContext)
			i++
		}
	}

	return tst
}

func (s *StatementListContext) Block(i int) IBlockContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBlockContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBlockContext)
}

func (s *StatementListContext) Expression() IExpressionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExpressionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExpressionContext)
}

func (s *StatementListContext) StatementList() IStatementListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStatementListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStatementListContext)
}

func (s *StatementListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StatementListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) StatementList() (localctx IStatementListContext) {
	localctx = NewStatementListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 12, DParserRULE_statementList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(128)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserIF || _la == DParserLBRACE || _la == DParserSEMI {
		p.SetState(126)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case DParserSEMI:
			{
				p.SetState(123)
				p.Match(DParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		case DParserIF:
			{
				p.SetState(124)
				p.IfStatement()
			}

		case DParserLBRACE:
			{
				p.SetState(125)
				p.Block()
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(130)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(136)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&-4512887045290459136) != 0) || ((int64((_la-82)) & ^0x3f) == 0 && ((int64(1)<<(_la-82))&3305473) != 0) {
		{
			p.SetState(131)
			p.Expression()
		}
		p.SetState(134)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == DParserSEMI {
			{
				p.SetState(132)
				p.Match(DParserSEMI)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(133)
				p.StatementList()
			}

		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IIfStatementContext is an interface to support dynamic dispatch.
type IIfStatementContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IF() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	Expression() IExpressionContext
	RPAREN() antlr.TerminalNode
	AllBranch() []IBranchContext
	Branch(i int) IBranchContext
	ELSE() antlr.TerminalNode

	// IsIfStatementContext differentiates from other interfaces.
	IsIfStatementContext()
}

type IfStatementContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyIfStatementContext() *IfStatementContext {
	var p = new(IfStatementContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_ifStatement
	return p
}

func InitEmptyIfStatementContext(p *IfStatementContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_ifStatement
}

func (*IfStatementContext) IsIfStatementContext() {}

func NewIfStatementContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *IfStatementContext {
	var p = new(IfStatementContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_ifStatement

	return p
}

func (s *IfStatementContext) GetParser() antlr.Parser { return s.parser }

func (s *IfStatementContext) IF() antlr.TerminalNode {
	return s.GetToken(DParserIF, 0)
}

func (s *IfStatementContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *IfStatementContext) Expression() IExpressionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExpressionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExpressionContext)
}

func (s *IfStatementContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

func (s *IfStatementContext) AllBranch() []IBranchContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBranchContext); ok {
			len++
		}
	}

	tst := make([]IBranchContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBranchContext); ok {
			tst[i] = t.(IBranchContext)
			i++
		}
	}

	return tst
}

func (s *IfStatementContext) Branch(i int) IBranchContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBranchContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBranchContext)
}

func (s *IfStatementContext) ELSE() antlr.TerminalNode {
	return s.GetToken(DParserELSE, 0)
}

func (s *IfStatementContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *IfStatementContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) IfStatement() (localctx IIfStatementContext) {
	localctx = NewIfStatementContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 14, DParserRULE_ifStatement)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(138)
		p.Match(DParserIF)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(139)
		p.Match(DParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(140)
		p.Expression()
	}
	{
		p.SetState(141)
		p.Match(DParserRPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(142)
		p.Branch()
	}
	p.SetState(145)
	p.GetErrorHandler().Sync(p)

	if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 9, p.GetParserRuleContext()) == 1 {
		{
			p.SetState(143)
			p.Match(DParserELSE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(144)
			p.Branch()
		}

	} else if p.HasError() { // JIM
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IBlockContext is an interface to support dynamic dispatch.
type IBlockContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LBRACE() antlr.TerminalNode
	StatementList() IStatementListContext
	RBRACE() antlr.TerminalNode

	// IsBlockContext differentiates from other interfaces.
	IsBlockContext()
}

type BlockContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyBlockContext() *BlockContext {
	var p = new(BlockContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_block
	return p
}

func InitEmptyBlockContext(p *BlockContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_block
}

func (*BlockContext) IsBlockContext() {}

func NewBlockContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *BlockContext {
	var p = new(BlockContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_block

	return p
}

func (s *BlockContext) GetParser() antlr.Parser { return s.parser }

func (s *BlockContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(DParserLBRACE, 0)
}

func (s *BlockContext) StatementList() IStatementListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStatementListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStatementListContext)
}

func (s *BlockContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(DParserRBRACE, 0)
}

func (s *BlockContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BlockContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Block() (localctx IBlockContext) {
	localctx = NewBlockContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 16, DParserRULE_block)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(147)
		p.Match(DParserLBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(148)
		p.StatementList()
	}
	{
		p.SetState(149)
		p.Match(DParserRBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IBranchContext is an interface to support dynamic dispatch.
type IBranchContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Expression() IExpressionContext
	SEMI() antlr.TerminalNode
	IfStatement() IIfStatementContext
	Block() IBlockContext

	// IsBranchContext differentiates from other interfaces.
	IsBranchContext()
}

type BranchContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyBranchContext() *BranchContext {
	var p = new(BranchContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_branch
	return p
}

func InitEmptyBranchContext(p *BranchContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_branch
}

func (*BranchContext) IsBranchContext() {}

func NewBranchContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *BranchContext {
	var p = new(BranchContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_branch

	return p
}

func (s *BranchContext) GetParser() antlr.Parser { return s.parser }

func (s *BranchContext) Expression() IExpressionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExpressionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExpressionContext)
}

func (s *BranchContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *BranchContext) IfStatement() IIfStatementContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIfStatementContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIfStatementContext)
}

func (s *BranchContext) Block() IBlockContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBlockContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBlockContext)
}

func (s *BranchContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BranchContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Branch() (localctx IBranchContext) {
	localctx = NewBranchContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 18, DParserRULE_branch)
	p.SetState(157)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserOFFSETOF, DParserSELF, DParserSIZEOF, DParserSTRINGOF, DParserTHIS, DParserXLATE, DParserMACRO, DParserIDENT, DParserAGG, DParserINTEGER, DParserSTRINGLIT, DParserCHARLIT, DParserPLUSPLUS, DParserMINUSMINUS, DParserLPAREN, DParserPLUS, DParserMINUS, DParserSTAR, DParserAMP, DParserTILDE, DParserBANG:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(151)
			p.Expression()
		}
		{
			p.SetState(152)
			p.Match(DParserSEMI)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserIF:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(154)
			p.IfStatement()
		}

	case DParserLBRACE:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(155)
			p.Block()
		}

	case DParserSEMI:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(156)
			p.Match(DParserSEMI)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IExpressionContext is an interface to support dynamic dispatch.
type IExpressionContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsExpressionContext differentiates from other interfaces.
	IsExpressionContext()
}

type ExpressionContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyExpressionContext() *ExpressionContext {
	var p = new(ExpressionContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_expression
	return p
}

func InitEmptyExpressionContext(p *ExpressionContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_expression
}

func (*ExpressionContext) IsExpressionContext() {}

func NewExpressionContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ExpressionContext {
	var p = new(ExpressionContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_expression

	return p
}

func (s *ExpressionContext) GetParser() antlr.Parser { return s.parser }

func (s *ExpressionContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *ExpressionContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExpressionContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(DParserCOMMA)
}

func (s *ExpressionContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, i)
}

func (s *ExpressionContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExpressionContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Expression() (localctx IExpressionContext) {
	localctx = NewExpressionContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 20, DParserRULE_expression)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(159)
		p.Expr()
	}
	p.SetState(164)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserCOMMA {
		{
			p.SetState(160)
			p.Match(DParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(161)
			p.Expr()
		}

		p.SetState(166)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IExprContext is an interface to support dynamic dispatch.
type IExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Get_STAR returns the _STAR token.
	Get_STAR() antlr.Token

	// Get_SLASH returns the _SLASH token.
	Get_SLASH() antlr.Token

	// Get_PERCENT returns the _PERCENT token.
	Get_PERCENT() antlr.Token

	// Get_PLUS returns the _PLUS token.
	Get_PLUS() antlr.Token

	// Get_MINUS returns the _MINUS token.
	Get_MINUS() antlr.Token

	// Get_LSHIFT returns the _LSHIFT token.
	Get_LSHIFT() antlr.Token

	// Get_RSHIFT returns the _RSHIFT token.
	Get_RSHIFT() antlr.Token

	// Get_LT returns the _LT token.
	Get_LT() antlr.Token

	// Get_GT returns the _GT token.
	Get_GT() antlr.Token

	// Get_LE returns the _LE token.
	Get_LE() antlr.Token

	// Get_GE returns the _GE token.
	Get_GE() antlr.Token

	// Get_EQ returns the _EQ token.
	Get_EQ() antlr.Token

	// Get_NE returns the _NE token.
	Get_NE() antlr.Token

	// Get_AMP returns the _AMP token.
	Get_AMP() antlr.Token

	// Get_CARET returns the _CARET token.
	Get_CARET() antlr.Token

	// Get_PIPE returns the _PIPE token.
	Get_PIPE() antlr.Token

	// Get_ANDAND returns the _ANDAND token.
	Get_ANDAND() antlr.Token

	// Get_XORXOR returns the _XORXOR token.
	Get_XORXOR() antlr.Token

	// Get_OROR returns the _OROR token.
	Get_OROR() antlr.Token

	// Get_tset267 returns the _tset267 token.
	Get_tset267() antlr.Token

	// GetAop returns the aop token.
	GetAop() antlr.Token

	// Set_STAR sets the _STAR token.
	Set_STAR(antlr.Token)

	// Set_SLASH sets the _SLASH token.
	Set_SLASH(antlr.Token)

	// Set_PERCENT sets the _PERCENT token.
	Set_PERCENT(antlr.Token)

	// Set_PLUS sets the _PLUS token.
	Set_PLUS(antlr.Token)

	// Set_MINUS sets the _MINUS token.
	Set_MINUS(antlr.Token)

	// Set_LSHIFT sets the _LSHIFT token.
	Set_LSHIFT(antlr.Token)

	// Set_RSHIFT sets the _RSHIFT token.
	Set_RSHIFT(antlr.Token)

	// Set_LT sets the _LT token.
	Set_LT(antlr.Token)

	// Set_GT sets the _GT token.
	Set_GT(antlr.Token)

	// Set_LE sets the _LE token.
	Set_LE(antlr.Token)

	// Set_GE sets the _GE token.
	Set_GE(antlr.Token)

	// Set_EQ sets the _EQ token.
	Set_EQ(antlr.Token)

	// Set_NE sets the _NE token.
	Set_NE(antlr.Token)

	// Set_AMP sets the _AMP token.
	Set_AMP(antlr.Token)

	// Set_CARET sets the _CARET token.
	Set_CARET(antlr.Token)

	// Set_PIPE sets the _PIPE token.
	Set_PIPE(antlr.Token)

	// Set_ANDAND sets the _ANDAND token.
	Set_ANDAND(antlr.Token)

	// Set_XORXOR sets the _XORXOR token.
	Set_XORXOR(antlr.Token)

	// Set_OROR sets the _OROR token.
	Set_OROR(antlr.Token)

	// Set_tset267 sets the _tset267 token.
	Set_tset267(antlr.Token)

	// SetAop sets the aop token.
	SetAop(antlr.Token)

	// GetOps returns the ops token list.
	GetOps() []antlr.Token

	// SetOps sets the ops token list.
	SetOps([]antlr.Token)

	// Getter signatures
	AllUnaryExpr() []IUnaryExprContext
	UnaryExpr(i int) IUnaryExprContext
	QUESTION() antlr.TerminalNode
	Expression() IExpressionContext
	COLON() antlr.TerminalNode
	Expr() IExprContext
	AllSTAR() []antlr.TerminalNode
	STAR(i int) antlr.TerminalNode
	AllSLASH() []antlr.TerminalNode
	SLASH(i int) antlr.TerminalNode
	AllPERCENT() []antlr.TerminalNode
	PERCENT(i int) antlr.TerminalNode
	AllPLUS() []antlr.TerminalNode
	PLUS(i int) antlr.TerminalNode
	AllMINUS() []antlr.TerminalNode
	MINUS(i int) antlr.TerminalNode
	AllLSHIFT() []antlr.TerminalNode
	LSHIFT(i int) antlr.TerminalNode
	AllRSHIFT() []antlr.TerminalNode
	RSHIFT(i int) antlr.TerminalNode
	AllLT() []antlr.TerminalNode
	LT(i int) antlr.TerminalNode
	AllGT() []antlr.TerminalNode
	GT(i int) antlr.TerminalNode
	AllLE() []antlr.TerminalNode
	LE(i int) antlr.TerminalNode
	AllGE() []antlr.TerminalNode
	GE(i int) antlr.TerminalNode
	AllEQ() []antlr.TerminalNode
	EQ(i int) antlr.TerminalNode
	AllNE() []antlr.TerminalNode
	NE(i int) antlr.TerminalNode
	AllAMP() []antlr.TerminalNode
	AMP(i int) antlr.TerminalNode
	AllCARET() []antlr.TerminalNode
	CARET(i int) antlr.TerminalNode
	AllPIPE() []antlr.TerminalNode
	PIPE(i int) antlr.TerminalNode
	AllANDAND() []antlr.TerminalNode
	ANDAND(i int) antlr.TerminalNode
	AllXORXOR() []antlr.TerminalNode
	XORXOR(i int) antlr.TerminalNode
	AllOROR() []antlr.TerminalNode
	OROR(i int) antlr.TerminalNode
	ASSIGN() antlr.TerminalNode
	MUL_EQ() antlr.TerminalNode
	DIV_EQ() antlr.TerminalNode
	MOD_EQ() antlr.TerminalNode
	ADD_EQ() antlr.TerminalNode
	SUB_EQ() antlr.TerminalNode
	LSHIFT_EQ() antlr.TerminalNode
	RSHIFT_EQ() antlr.TerminalNode
	AND_EQ() antlr.TerminalNode
	XOR_EQ() antlr.TerminalNode
	OR_EQ() antlr.TerminalNode

	// IsExprContext differentiates from other interfaces.
	IsExprContext()
}

type ExprContext struct {
	antlr.BaseParserRuleContext
	parser   antlr.Parser
	_STAR    antlr.Token
	ops      []antlr.Token
	_SLASH   antlr.Token
	_PERCENT antlr.Token
	_PLUS    antlr.Token
	_MINUS   antlr.Token
	_LSHIFT  antlr.Token
	_RSHIFT  antlr.Token
	_LT      antlr.Token
	_GT      antlr.Token
	_LE      antlr.Token
	_GE      antlr.Token
	_EQ      antlr.Token
	_NE      antlr.Token
	_AMP     antlr.Token
	_CARET   antlr.Token
	_PIPE    antlr.Token
	_ANDAND  antlr.Token
	_XORXOR  antlr.Token
	_OROR    antlr.Token
	_tset267 antlr.Token
	aop      antlr.Token
}

func NewEmptyExprContext() *ExprContext {
	var p = new(ExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_expr
	return p
}

func InitEmptyExprContext(p *ExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_expr
}

func (*ExprContext) IsExprContext() {}

func NewExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ExprContext {
	var p = new(ExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_expr

	return p
}

func (s *ExprContext) GetParser() antlr.Parser { return s.parser }

func (s *ExprContext) Get_STAR() antlr.Token { return s._STAR }

func (s *ExprContext) Get_SLASH() antlr.Token { return s._SLASH }

func (s *ExprContext) Get_PERCENT() antlr.Token { return s._PERCENT }

func (s *ExprContext) Get_PLUS() antlr.Token { return s._PLUS }

func (s *ExprContext) Get_MINUS() antlr.Token { return s._MINUS }

func (s *ExprContext) Get_LSHIFT() antlr.Token { return s._LSHIFT }

func (s *ExprContext) Get_RSHIFT() antlr.Token { return s._RSHIFT }

func (s *ExprContext) Get_LT() antlr.Token { return s._LT }

func (s *ExprContext) Get_GT() antlr.Token { return s._GT }

func (s *ExprContext) Get_LE() antlr.Token { return s._LE }

func (s *ExprContext) Get_GE() antlr.Token { return s._GE }

func (s *ExprContext) Get_EQ() antlr.Token { return s._EQ }

func (s *ExprContext) Get_NE() antlr.Token { return s._NE }

func (s *ExprContext) Get_AMP() antlr.Token { return s._AMP }

func (s *ExprContext) Get_CARET() antlr.Token { return s._CARET }

func (s *ExprContext) Get_PIPE() antlr.Token { return s._PIPE }

func (s *ExprContext) Get_ANDAND() antlr.Token { return s._ANDAND }

func (s *ExprContext) Get_XORXOR() antlr.Token { return s._XORXOR }

func (s *ExprContext) Get_OROR() antlr.Token { return s._OROR }

func (s *ExprContext) Get_tset267() antlr.Token { return s._tset267 }

func (s *ExprContext) GetAop() antlr.Token { return s.aop }

func (s *ExprContext) Set_STAR(v antlr.Token) { s._STAR = v }

func (s *ExprContext) Set_SLASH(v antlr.Token) { s._SLASH = v }

func (s *ExprContext) Set_PERCENT(v antlr.Token) { s._PERCENT = v }

func (s *ExprContext) Set_PLUS(v antlr.Token) { s._PLUS = v }

func (s *ExprContext) Set_MINUS(v antlr.Token) { s._MINUS = v }

func (s *ExprContext) Set_LSHIFT(v antlr.Token) { s._LSHIFT = v }

func (s *ExprContext) Set_RSHIFT(v antlr.Token) { s._RSHIFT = v }

func (s *ExprContext) Set_LT(v antlr.Token) { s._LT = v }

func (s *ExprContext) Set_GT(v antlr.Token) { s._GT = v }

func (s *ExprContext) Set_LE(v antlr.Token) { s._LE = v }

func (s *ExprContext) Set_GE(v antlr.Token) { s._GE = v }

func (s *ExprContext) Set_EQ(v antlr.Token) { s._EQ = v }

func (s *ExprContext) Set_NE(v antlr.Token) { s._NE = v }

func (s *ExprContext) Set_AMP(v antlr.Token) { s._AMP = v }

func (s *ExprContext) Set_CARET(v antlr.Token) { s._CARET = v }

func (s *ExprContext) Set_PIPE(v antlr.Token) { s._PIPE = v }

func (s *ExprContext) Set_ANDAND(v antlr.Token) { s._ANDAND = v }

func (s *ExprContext) Set_XORXOR(v antlr.Token) { s._XORXOR = v }

func (s *ExprContext) Set_OROR(v antlr.Token) { s._OROR = v }

func (s *ExprContext) Set_tset267(v antlr.Token) { s._tset267 = v }

func (s *ExprContext) SetAop(v antlr.Token) { s.aop = v }

func (s *ExprContext) GetOps() []antlr.Token { return s.ops }

func (s *ExprContext) SetOps(v []antlr.Token) { s.ops = v }

func (s *ExprContext) AllUnaryExpr() []IUnaryExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IUnaryExprContext); ok {
			len++
		}
	}

	tst := make([]IUnaryExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IUnaryExprContext); ok {
			tst[i] = t.(IUnaryExprContext)
			i++
		}
	}

	return tst
}

func (s *ExprContext) UnaryExpr(i int) IUnaryExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *ExprContext) QUESTION() antlr.TerminalNode {
	return s.GetToken(DParserQUESTION, 0)
}

func (s *ExprContext) Expression() IExpressionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExpressionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExpressionContext)
}

func (s *ExprContext) COLON() antlr.TerminalNode {
	return s.GetToken(DParserCOLON, 0)
}

func (s *ExprContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExprContext) AllSTAR() []antlr.TerminalNode {
	return s.GetTokens(DParserSTAR)
}

func (s *ExprContext) STAR(i int) antlr.TerminalNode {
	return s.GetToken(DParserSTAR, i)
}

func (s *ExprContext) AllSLASH() []antlr.TerminalNode {
	return s.GetTokens(DParserSLASH)
}

func (s *ExprContext) SLASH(i int) antlr.TerminalNode {
	return s.GetToken(DParserSLASH, i)
}

func (s *ExprContext) AllPERCENT() []antlr.TerminalNode {
	return s.GetTokens(DParserPERCENT)
}

func (s *ExprContext) PERCENT(i int) antlr.TerminalNode {
	return s.GetToken(DParserPERCENT, i)
}

func (s *ExprContext) AllPLUS() []antlr.TerminalNode {
	return s.GetTokens(DParserPLUS)
}

func (s *ExprContext) PLUS(i int) antlr.TerminalNode {
	return s.GetToken(DParserPLUS, i)
}

func (s *ExprContext) AllMINUS() []antlr.TerminalNode {
	return s.GetTokens(DParserMINUS)
}

func (s *ExprContext) MINUS(i int) antlr.TerminalNode {
	return s.GetToken(DParserMINUS, i)
}

func (s *ExprContext) AllLSHIFT() []antlr.TerminalNode {
	return s.GetTokens(DParserLSHIFT)
}

func (s *ExprContext) LSHIFT(i int) antlr.TerminalNode {
	return s.GetToken(DParserLSHIFT, i)
}

func (s *ExprContext) AllRSHIFT() []antlr.TerminalNode {
	return s.GetTokens(DParserRSHIFT)
}

func (s *ExprContext) RSHIFT(i int) antlr.TerminalNode {
	return s.GetToken(DParserRSHIFT, i)
}

func (s *ExprContext) AllLT() []antlr.TerminalNode {
	return s.GetTokens(DParserLT)
}

func (s *ExprContext) LT(i int) antlr.TerminalNode {
	return s.GetToken(DParserLT, i)
}

func (s *ExprContext) AllGT() []antlr.TerminalNode {
	return s.GetTokens(DParserGT)
}

func (s *ExprContext) GT(i int) antlr.TerminalNode {
	return s.GetToken(DParserGT, i)
}

func (s *ExprContext) AllLE() []antlr.TerminalNode {
	return s.GetTokens(DParserLE)
}

func (s *ExprContext) LE(i int) antlr.TerminalNode {
	return s.GetToken(DParserLE, i)
}

func (s *ExprContext) AllGE() []antlr.TerminalNode {
	return s.GetTokens(DParserGE)
}

func (s *ExprContext) GE(i int) antlr.TerminalNode {
	return s.GetToken(DParserGE, i)
}

func (s *ExprContext) AllEQ() []antlr.TerminalNode {
	return s.GetTokens(DParserEQ)
}

func (s *ExprContext) EQ(i int) antlr.TerminalNode {
	return s.GetToken(DParserEQ, i)
}

func (s *ExprContext) AllNE() []antlr.TerminalNode {
	return s.GetTokens(DParserNE)
}

func (s *ExprContext) NE(i int) antlr.TerminalNode {
	return s.GetToken(DParserNE, i)
}

func (s *ExprContext) AllAMP() []antlr.TerminalNode {
	return s.GetTokens(DParserAMP)
}

func (s *ExprContext) AMP(i int) antlr.TerminalNode {
	return s.GetToken(DParserAMP, i)
}

func (s *ExprContext) AllCARET() []antlr.TerminalNode {
	return s.GetTokens(DParserCARET)
}

func (s *ExprContext) CARET(i int) antlr.TerminalNode {
	return s.GetToken(DParserCARET, i)
}

func (s *ExprContext) AllPIPE() []antlr.TerminalNode {
	return s.GetTokens(DParserPIPE)
}

func (s *ExprContext) PIPE(i int) antlr.TerminalNode {
	return s.GetToken(DParserPIPE, i)
}

func (s *ExprContext) AllANDAND() []antlr.TerminalNode {
	return s.GetTokens(DParserANDAND)
}

func (s *ExprContext) ANDAND(i int) antlr.TerminalNode {
	return s.GetToken(DParserANDAND, i)
}

func (s *ExprContext) AllXORXOR() []antlr.TerminalNode {
	return s.GetTokens(DParserXORXOR)
}

func (s *ExprContext) XORXOR(i int) antlr.TerminalNode {
	return s.GetToken(DParserXORXOR, i)
}

func (s *ExprContext) AllOROR() []antlr.TerminalNode {
	return s.GetTokens(DParserOROR)
}

func (s *ExprContext) OROR(i int) antlr.TerminalNode {
	return s.GetToken(DParserOROR, i)
}

func (s *ExprContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(DParserASSIGN, 0)
}

func (s *ExprContext) MUL_EQ() antlr.TerminalNode {
	return s.GetToken(DParserMUL_EQ, 0)
}

func (s *ExprContext) DIV_EQ() antlr.TerminalNode {
	return s.GetToken(DParserDIV_EQ, 0)
}

func (s *ExprContext) MOD_EQ() antlr.TerminalNode {
	return s.GetToken(DParserMOD_EQ, 0)
}

func (s *ExprContext) ADD_EQ() antlr.TerminalNode {
	return s.GetToken(DParserADD_EQ, 0)
}

func (s *ExprContext) SUB_EQ() antlr.TerminalNode {
	return s.GetToken(DParserSUB_EQ, 0)
}

func (s *ExprContext) LSHIFT_EQ() antlr.TerminalNode {
	return s.GetToken(DParserLSHIFT_EQ, 0)
}

func (s *ExprContext) RSHIFT_EQ() antlr.TerminalNode {
	return s.GetToken(DParserRSHIFT_EQ, 0)
}

func (s *ExprContext) AND_EQ() antlr.TerminalNode {
	return s.GetToken(DParserAND_EQ, 0)
}

func (s *ExprContext) XOR_EQ() antlr.TerminalNode {
	return s.GetToken(DParserXOR_EQ, 0)
}

func (s *ExprContext) OR_EQ() antlr.TerminalNode {
	return s.GetToken(DParserOR_EQ, 0)
}

func (s *ExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Expr() (localctx IExprContext) {
	localctx = NewExprContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 22, DParserRULE_expr)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(167)
		p.unaryExpr(0)
	}
	p.SetState(172)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64((_la-64)) & ^0x3f) == 0 && ((int64(1)<<(_la-64))&3572339048959) != 0 {
		{
			p.SetState(168)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*ExprContext)._tset267 = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64((_la-64)) & ^0x3f) == 0 && ((int64(1)<<(_la-64))&3572339048959) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*ExprContext)._tset267 = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		localctx.(*ExprContext).ops = append(localctx.(*ExprContext).ops, localctx.(*ExprContext)._tset267)
		{
			p.SetState(169)
			p.unaryExpr(0)
		}

		p.SetState(174)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(182)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	switch p.GetTokenStream().LA(1) {
	case DParserQUESTION:
		{
			p.SetState(175)
			p.Match(DParserQUESTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(176)
			p.Expression()
		}
		{
			p.SetState(177)
			p.Match(DParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(178)
			p.Expr()
		}

	case DParserLSHIFT_EQ, DParserRSHIFT_EQ, DParserMUL_EQ, DParserDIV_EQ, DParserMOD_EQ, DParserADD_EQ, DParserSUB_EQ, DParserAND_EQ, DParserXOR_EQ, DParserOR_EQ, DParserASSIGN:
		{
			p.SetState(180)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*ExprContext).aop = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64((_la-59)) & ^0x3f) == 0 && ((int64(1)<<(_la-59))&17184047107) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*ExprContext).aop = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(181)
			p.Expr()
		}

	case DParserEPRED, DParserRPAREN, DParserRBRACKET, DParserRBRACE, DParserCOMMA, DParserSEMI, DParserCOLON:

	default:
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IUnaryExprContext is an interface to support dynamic dispatch.
type IUnaryExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsUnaryExprContext differentiates from other interfaces.
	IsUnaryExprContext()
}

type UnaryExprContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyUnaryExprContext() *UnaryExprContext {
	var p = new(UnaryExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_unaryExpr
	return p
}

func InitEmptyUnaryExprContext(p *UnaryExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_unaryExpr
}

func (*UnaryExprContext) IsUnaryExprContext() {}

func NewUnaryExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *UnaryExprContext {
	var p = new(UnaryExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_unaryExpr

	return p
}

func (s *UnaryExprContext) GetParser() antlr.Parser { return s.parser }

func (s *UnaryExprContext) CopyAll(ctx *UnaryExprContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *UnaryExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *UnaryExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type AtomContext struct {
	UnaryExprContext
}

func NewAtomContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *AtomContext {
	var p = new(AtomContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *AtomContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AtomContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *AtomContext) AGG() antlr.TerminalNode {
	return s.GetToken(DParserAGG, 0)
}

func (s *AtomContext) INTEGER() antlr.TerminalNode {
	return s.GetToken(DParserINTEGER, 0)
}

func (s *AtomContext) CHARLIT() antlr.TerminalNode {
	return s.GetToken(DParserCHARLIT, 0)
}

func (s *AtomContext) STRINGLIT() antlr.TerminalNode {
	return s.GetToken(DParserSTRINGLIT, 0)
}

func (s *AtomContext) MACRO() antlr.TerminalNode {
	return s.GetToken(DParserMACRO, 0)
}

func (s *AtomContext) SELF() antlr.TerminalNode {
	return s.GetToken(DParserSELF, 0)
}

func (s *AtomContext) THIS() antlr.TerminalNode {
	return s.GetToken(DParserTHIS, 0)
}

type ParenContext struct {
	UnaryExprContext
}

func NewParenContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ParenContext {
	var p = new(ParenContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *ParenContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParenContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *ParenContext) Expression() IExpressionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExpressionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExpressionContext)
}

func (s *ParenContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

type OffsetofContext struct {
	UnaryExprContext
}

func NewOffsetofContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *OffsetofContext {
	var p = new(OffsetofContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *OffsetofContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *OffsetofContext) OFFSETOF() antlr.TerminalNode {
	return s.GetToken(DParserOFFSETOF, 0)
}

func (s *OffsetofContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *OffsetofContext) TypeName() ITypeNameContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeNameContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeNameContext)
}

func (s *OffsetofContext) COMMA() antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, 0)
}

func (s *OffsetofContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

func (s *OffsetofContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *OffsetofContext) TYPE_NAME() antlr.TerminalNode {
	return s.GetToken(DParserTYPE_NAME, 0)
}

type XlateContext struct {
	UnaryExprContext
}

func NewXlateContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *XlateContext {
	var p = new(XlateContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *XlateContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *XlateContext) XLATE() antlr.TerminalNode {
	return s.GetToken(DParserXLATE, 0)
}

func (s *XlateContext) LT() antlr.TerminalNode {
	return s.GetToken(DParserLT, 0)
}

func (s *XlateContext) TypeName() ITypeNameContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeNameContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeNameContext)
}

func (s *XlateContext) GT() antlr.TerminalNode {
	return s.GetToken(DParserGT, 0)
}

func (s *XlateContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *XlateContext) Expression() IExpressionContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExpressionContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExpressionContext)
}

func (s *XlateContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

type PrefixContext struct {
	UnaryExprContext
	op antlr.Token
}

func NewPrefixContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *PrefixContext {
	var p = new(PrefixContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *PrefixContext) GetOp() antlr.Token { return s.op }

func (s *PrefixContext) SetOp(v antlr.Token) { s.op = v }

func (s *PrefixContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PrefixContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *PrefixContext) PLUSPLUS() antlr.TerminalNode {
	return s.GetToken(DParserPLUSPLUS, 0)
}

func (s *PrefixContext) MINUSMINUS() antlr.TerminalNode {
	return s.GetToken(DParserMINUSMINUS, 0)
}

type UnaryContext struct {
	UnaryExprContext
	op antlr.Token
}

func NewUnaryContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *UnaryContext {
	var p = new(UnaryContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *UnaryContext) GetOp() antlr.Token { return s.op }

func (s *UnaryContext) SetOp(v antlr.Token) { s.op = v }

func (s *UnaryContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *UnaryContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *UnaryContext) AMP() antlr.TerminalNode {
	return s.GetToken(DParserAMP, 0)
}

func (s *UnaryContext) STAR() antlr.TerminalNode {
	return s.GetToken(DParserSTAR, 0)
}

func (s *UnaryContext) PLUS() antlr.TerminalNode {
	return s.GetToken(DParserPLUS, 0)
}

func (s *UnaryContext) MINUS() antlr.TerminalNode {
	return s.GetToken(DParserMINUS, 0)
}

func (s *UnaryContext) TILDE() antlr.TerminalNode {
	return s.GetToken(DParserTILDE, 0)
}

func (s *UnaryContext) BANG() antlr.TerminalNode {
	return s.GetToken(DParserBANG, 0)
}

type SizeofTypeContext struct {
	UnaryExprContext
}

func NewSizeofTypeContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *SizeofTypeContext {
	var p = new(SizeofTypeContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *SizeofTypeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *SizeofTypeContext) SIZEOF() antlr.TerminalNode {
	return s.GetToken(DParserSIZEOF, 0)
}

func (s *SizeofTypeContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *SizeofTypeContext) TypeName() ITypeNameContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeNameContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeNameContext)
}

func (s *SizeofTypeContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

type SizeofExprContext struct {
	UnaryExprContext
}

func NewSizeofExprContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *SizeofExprContext {
	var p = new(SizeofExprContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *SizeofExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *SizeofExprContext) SIZEOF() antlr.TerminalNode {
	return s.GetToken(DParserSIZEOF, 0)
}

func (s *SizeofExprContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

type StringofContext struct {
	UnaryExprContext
}

func NewStringofContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *StringofContext {
	var p = new(StringofContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *StringofContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StringofContext) STRINGOF() antlr.TerminalNode {
	return s.GetToken(DParserSTRINGOF, 0)
}

func (s *StringofContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

type CastContext struct {
	UnaryExprContext
}

func NewCastContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *CastContext {
	var p = new(CastContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *CastContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CastContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *CastContext) TypeName() ITypeNameContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeNameContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeNameContext)
}

func (s *CastContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

func (s *CastContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

type IndexContext struct {
	UnaryExprContext
}

func NewIndexContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *IndexContext {
	var p = new(IndexContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *IndexContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *IndexContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *IndexContext) LBRACKET() antlr.TerminalNode {
	return s.GetToken(DParserLBRACKET, 0)
}

func (s *IndexContext) ArgumentList() IArgumentListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArgumentListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArgumentListContext)
}

func (s *IndexContext) RBRACKET() antlr.TerminalNode {
	return s.GetToken(DParserRBRACKET, 0)
}

type CallContext struct {
	UnaryExprContext
}

func NewCallContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *CallContext {
	var p = new(CallContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *CallContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *CallContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *CallContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *CallContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

func (s *CallContext) ArgumentList() IArgumentListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArgumentListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArgumentListContext)
}

type MemberContext struct {
	UnaryExprContext
	op antlr.Token
}

func NewMemberContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *MemberContext {
	var p = new(MemberContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *MemberContext) GetOp() antlr.Token { return s.op }

func (s *MemberContext) SetOp(v antlr.Token) { s.op = v }

func (s *MemberContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *MemberContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *MemberContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *MemberContext) DOT() antlr.TerminalNode {
	return s.GetToken(DParserDOT, 0)
}

func (s *MemberContext) ARROW() antlr.TerminalNode {
	return s.GetToken(DParserARROW, 0)
}

type PostfixContext struct {
	UnaryExprContext
	op antlr.Token
}

func NewPostfixContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *PostfixContext {
	var p = new(PostfixContext)

	InitEmptyUnaryExprContext(&p.UnaryExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*UnaryExprContext))

	return p
}

func (s *PostfixContext) GetOp() antlr.Token { return s.op }

func (s *PostfixContext) SetOp(v antlr.Token) { s.op = v }

func (s *PostfixContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PostfixContext) UnaryExpr() IUnaryExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnaryExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnaryExprContext)
}

func (s *PostfixContext) PLUSPLUS() antlr.TerminalNode {
	return s.GetToken(DParserPLUSPLUS, 0)
}

func (s *PostfixContext) MINUSMINUS() antlr.TerminalNode {
	return s.GetToken(DParserMINUSMINUS, 0)
}

func (p *DParser) UnaryExpr() (localctx IUnaryExprContext) {
	return p.unaryExpr(0)
}

func (p *DParser) unaryExpr(_p int) (localctx IUnaryExprContext) {
	var _parentctx antlr.ParserRuleContext = p.GetParserRuleContext()

	_parentState := p.GetState()
	localctx = NewUnaryExprContext(p, p.GetParserRuleContext(), _parentState)
	var _prevctx IUnaryExprContext = localctx
	var _ antlr.ParserRuleContext = _prevctx // TODO: To prevent unused variable warning.
	_startState := 24
	p.EnterRecursionRule(localctx, 24, DParserRULE_unaryExpr, _p)
	var _la int

	var _alt int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(223)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 14, p.GetParserRuleContext()) {
	case 1:
		localctx = NewAtomContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx

		{
			p.SetState(185)
			_la = p.GetTokenStream().LA(1)

			if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&98517343507841024) != 0) {
				p.GetErrorHandler().RecoverInline(p)
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}

	case 2:
		localctx = NewParenContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(186)
			p.Match(DParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(187)
			p.Expression()
		}
		{
			p.SetState(188)
			p.Match(DParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 3:
		localctx = NewOffsetofContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(190)
			p.Match(DParserOFFSETOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(191)
			p.Match(DParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(192)
			p.TypeName()
		}
		{
			p.SetState(193)
			p.Match(DParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(194)
			_la = p.GetTokenStream().LA(1)

			if !(_la == DParserTYPE_NAME || _la == DParserIDENT) {
				p.GetErrorHandler().RecoverInline(p)
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(195)
			p.Match(DParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 4:
		localctx = NewXlateContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(197)
			p.Match(DParserXLATE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(198)
			p.Match(DParserLT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(199)
			p.TypeName()
		}
		{
			p.SetState(200)
			p.Match(DParserGT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(201)
			p.Match(DParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(202)
			p.Expression()
		}
		{
			p.SetState(203)
			p.Match(DParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 5:
		localctx = NewPrefixContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(205)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*PrefixContext).op = _lt

			_la = p.GetTokenStream().LA(1)

			if !(_la == DParserPLUSPLUS || _la == DParserMINUSMINUS) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*PrefixContext).op = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(206)
			p.unaryExpr(6)
		}

	case 6:
		localctx = NewUnaryContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(207)

			var _lt = p.GetTokenStream().LT(1)

			localctx.(*UnaryContext).op = _lt

			_la = p.GetTokenStream().LA(1)

			if !((int64((_la-94)) & ^0x3f) == 0 && ((int64(1)<<(_la-94))&807) != 0) {
				var _ri = p.GetErrorHandler().RecoverInline(p)

				localctx.(*UnaryContext).op = _ri
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}
		{
			p.SetState(208)
			p.unaryExpr(5)
		}

	case 7:
		localctx = NewSizeofTypeContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(209)
			p.Match(DParserSIZEOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(210)
			p.Match(DParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(211)
			p.TypeName()
		}
		{
			p.SetState(212)
			p.Match(DParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 8:
		localctx = NewSizeofExprContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(214)
			p.Match(DParserSIZEOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(215)
			p.unaryExpr(3)
		}

	case 9:
		localctx = NewStringofContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(216)
			p.Match(DParserSTRINGOF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(217)
			p.unaryExpr(2)
		}

	case 10:
		localctx = NewCastContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(218)
			p.Match(DParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(219)
			p.TypeName()
		}
		{
			p.SetState(220)
			p.Match(DParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(221)
			p.unaryExpr(1)
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}
	p.GetParserRuleContext().SetStop(p.GetTokenStream().LT(-1))
	p.SetState(243)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 17, p.GetParserRuleContext())
	if p.HasError() {
		goto errorExit
	}
	for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
		if _alt == 1 {
			if p.GetParseListeners() != nil {
				p.TriggerExitRuleEvent()
			}
			_prevctx = localctx
			p.SetState(241)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}

			switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 16, p.GetParserRuleContext()) {
			case 1:
				localctx = NewIndexContext(p, NewUnaryExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, DParserRULE_unaryExpr)
				p.SetState(225)

				if !(p.Precpred(p.GetParserRuleContext(), 10)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 10)", ""))
					goto errorExit
				}
				{
					p.SetState(226)
					p.Match(DParserLBRACKET)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(227)
					p.ArgumentList()
				}
				{
					p.SetState(228)
					p.Match(DParserRBRACKET)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}

			case 2:
				localctx = NewCallContext(p, NewUnaryExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, DParserRULE_unaryExpr)
				p.SetState(230)

				if !(p.Precpred(p.GetParserRuleContext(), 9)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 9)", ""))
					goto errorExit
				}
				{
					p.SetState(231)
					p.Match(DParserLPAREN)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				p.SetState(233)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)

				if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&-4512887045290459136) != 0) || ((int64((_la-82)) & ^0x3f) == 0 && ((int64(1)<<(_la-82))&3305473) != 0) {
					{
						p.SetState(232)
						p.ArgumentList()
					}

				}
				{
					p.SetState(235)
					p.Match(DParserRPAREN)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}

			case 3:
				localctx = NewMemberContext(p, NewUnaryExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, DParserRULE_unaryExpr)
				p.SetState(236)

				if !(p.Precpred(p.GetParserRuleContext(), 8)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 8)", ""))
					goto errorExit
				}
				{
					p.SetState(237)

					var _lt = p.GetTokenStream().LT(1)

					localctx.(*MemberContext).op = _lt

					_la = p.GetTokenStream().LA(1)

					if !(_la == DParserARROW || _la == DParserDOT) {
						var _ri = p.GetErrorHandler().RecoverInline(p)

						localctx.(*MemberContext).op = _ri
					} else {
						p.GetErrorHandler().ReportMatch(p)
						p.Consume()
					}
				}
				{
					p.SetState(238)
					p.Match(DParserIDENT)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}

			case 4:
				localctx = NewPostfixContext(p, NewUnaryExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, DParserRULE_unaryExpr)
				p.SetState(239)

				if !(p.Precpred(p.GetParserRuleContext(), 7)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 7)", ""))
					goto errorExit
				}
				{
					p.SetState(240)

					var _lt = p.GetTokenStream().LT(1)

					localctx.(*PostfixContext).op = _lt

					_la = p.GetTokenStream().LA(1)

					if !(_la == DParserPLUSPLUS || _la == DParserMINUSMINUS) {
						var _ri = p.GetErrorHandler().RecoverInline(p)

						localctx.(*PostfixContext).op = _ri
					} else {
						p.GetErrorHandler().ReportMatch(p)
						p.Consume()
					}
				}

			case antlr.ATNInvalidAltNumber:
				goto errorExit
			}

		}
		p.SetState(245)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 17, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.UnrollRecursionContexts(_parentctx)
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IArgumentListContext is an interface to support dynamic dispatch.
type IArgumentListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllExpr() []IExprContext
	Expr(i int) IExprContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsArgumentListContext differentiates from other interfaces.
	IsArgumentListContext()
}

type ArgumentListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyArgumentListContext() *ArgumentListContext {
	var p = new(ArgumentListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_argumentList
	return p
}

func InitEmptyArgumentListContext(p *ArgumentListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_argumentList
}

func (*ArgumentListContext) IsArgumentListContext() {}

func NewArgumentListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ArgumentListContext {
	var p = new(ArgumentListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_argumentList

	return p
}

func (s *ArgumentListContext) GetParser() antlr.Parser { return s.parser }

func (s *ArgumentListContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *ArgumentListContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ArgumentListContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(DParserCOMMA)
}

func (s *ArgumentListContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, i)
}

func (s *ArgumentListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ArgumentListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ArgumentList() (localctx IArgumentListContext) {
	localctx = NewArgumentListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 26, DParserRULE_argumentList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(246)
		p.Expr()
	}
	p.SetState(251)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserCOMMA {
		{
			p.SetState(247)
			p.Match(DParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(248)
			p.Expr()
		}

		p.SetState(253)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IInlineDefinitionContext is an interface to support dynamic dispatch.
type IInlineDefinitionContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	INLINE() antlr.TerminalNode
	DeclarationSpecifiers() IDeclarationSpecifiersContext
	Declarator() IDeclaratorContext
	ASSIGN() antlr.TerminalNode
	Expr() IExprContext
	SEMI() antlr.TerminalNode

	// IsInlineDefinitionContext differentiates from other interfaces.
	IsInlineDefinitionContext()
}

type InlineDefinitionContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyInlineDefinitionContext() *InlineDefinitionContext {
	var p = new(InlineDefinitionContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_inlineDefinition
	return p
}

func InitEmptyInlineDefinitionContext(p *InlineDefinitionContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_inlineDefinition
}

func (*InlineDefinitionContext) IsInlineDefinitionContext() {}

func NewInlineDefinitionContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *InlineDefinitionContext {
	var p = new(InlineDefinitionContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_inlineDefinition

	return p
}

func (s *InlineDefinitionContext) GetParser() antlr.Parser { return s.parser }

func (s *InlineDefinitionContext) INLINE() antlr.TerminalNode {
	return s.GetToken(DParserINLINE, 0)
}

func (s *InlineDefinitionContext) DeclarationSpecifiers() IDeclarationSpecifiersContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclarationSpecifiersContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclarationSpecifiersContext)
}

func (s *InlineDefinitionContext) Declarator() IDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclaratorContext)
}

func (s *InlineDefinitionContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(DParserASSIGN, 0)
}

func (s *InlineDefinitionContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *InlineDefinitionContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *InlineDefinitionContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *InlineDefinitionContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) InlineDefinition() (localctx IInlineDefinitionContext) {
	localctx = NewInlineDefinitionContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 28, DParserRULE_inlineDefinition)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(254)
		p.Match(DParserINLINE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(255)
		p.DeclarationSpecifiers()
	}
	{
		p.SetState(256)
		p.Declarator()
	}
	{
		p.SetState(257)
		p.Match(DParserASSIGN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(258)
		p.Expr()
	}
	{
		p.SetState(259)
		p.Match(DParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ITranslatorDefinitionContext is an interface to support dynamic dispatch.
type ITranslatorDefinitionContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	TRANSLATOR() antlr.TerminalNode
	AllTypeName() []ITypeNameContext
	TypeName(i int) ITypeNameContext
	LT() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	GT() antlr.TerminalNode
	LBRACE() antlr.TerminalNode
	RBRACE() antlr.TerminalNode
	SEMI() antlr.TerminalNode
	AllTranslatorMember() []ITranslatorMemberContext
	TranslatorMember(i int) ITranslatorMemberContext

	// IsTranslatorDefinitionContext differentiates from other interfaces.
	IsTranslatorDefinitionContext()
}

type TranslatorDefinitionContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTranslatorDefinitionContext() *TranslatorDefinitionContext {
	var p = new(TranslatorDefinitionContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_translatorDefinition
	return p
}

func InitEmptyTranslatorDefinitionContext(p *TranslatorDefinitionContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_translatorDefinition
}

func (*TranslatorDefinitionContext) IsTranslatorDefinitionContext() {}

func NewTranslatorDefinitionContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TranslatorDefinitionContext {
	var p = new(TranslatorDefinitionContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_translatorDefinition

	return p
}

func (s *TranslatorDefinitionContext) GetParser() antlr.Parser { return s.parser }

func (s *TranslatorDefinitionContext) TRANSLATOR() antlr.TerminalNode {
	return s.GetToken(DParserTRANSLATOR, 0)
}

func (s *TranslatorDefinitionContext) AllTypeName() []ITypeNameContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypeNameContext); ok {
			len++
		}
	}

	tst := make([]ITypeNameContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypeNameContext); ok {
			tst[i] = t.(ITypeNameContext)
			i++
		}
	}

	return tst
}

func (s *TranslatorDefinitionContext) TypeName(i int) ITypeNameContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeNameContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeNameContext)
}

func (s *TranslatorDefinitionContext) LT() antlr.TerminalNode {
	return s.GetToken(DParserLT, 0)
}

func (s *TranslatorDefinitionContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *TranslatorDefinitionContext) GT() antlr.TerminalNode {
	return s.GetToken(DParserGT, 0)
}

func (s *TranslatorDefinitionContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(DParserLBRACE, 0)
}

func (s *TranslatorDefinitionContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(DParserRBRACE, 0)
}

func (s *TranslatorDefinitionContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *TranslatorDefinitionContext) AllTranslatorMember() []ITranslatorMemberContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITranslatorMemberContext); ok {
			len++
		}
	}

	tst := make([]ITranslatorMemberContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITranslatorMemberContext); ok {
			tst[i] = t.(ITranslatorMemberContext)
			i++
		}
	}

	return tst
}

func (s *TranslatorDefinitionContext) TranslatorMember(i int) ITranslatorMemberContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITranslatorMemberContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITranslatorMemberContext)
}

func (s *TranslatorDefinitionContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TranslatorDefinitionContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) TranslatorDefinition() (localctx ITranslatorDefinitionContext) {
	localctx = NewTranslatorDefinitionContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 30, DParserRULE_translatorDefinition)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(261)
		p.Match(DParserTRANSLATOR)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(262)
		p.TypeName()
	}
	{
		p.SetState(263)
		p.Match(DParserLT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(264)
		p.TypeName()
	}
	{
		p.SetState(265)
		p.Match(DParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(266)
		p.Match(DParserGT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(267)
		p.Match(DParserLBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(271)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserIDENT {
		{
			p.SetState(268)
			p.TranslatorMember()
		}

		p.SetState(273)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(274)
		p.Match(DParserRBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(275)
		p.Match(DParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ITranslatorMemberContext is an interface to support dynamic dispatch.
type ITranslatorMemberContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	ASSIGN() antlr.TerminalNode
	Expr() IExprContext
	SEMI() antlr.TerminalNode

	// IsTranslatorMemberContext differentiates from other interfaces.
	IsTranslatorMemberContext()
}

type TranslatorMemberContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTranslatorMemberContext() *TranslatorMemberContext {
	var p = new(TranslatorMemberContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_translatorMember
	return p
}

func InitEmptyTranslatorMemberContext(p *TranslatorMemberContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_translatorMember
}

func (*TranslatorMemberContext) IsTranslatorMemberContext() {}

func NewTranslatorMemberContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TranslatorMemberContext {
	var p = new(TranslatorMemberContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_translatorMember

	return p
}

func (s *TranslatorMemberContext) GetParser() antlr.Parser { return s.parser }

func (s *TranslatorMemberContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *TranslatorMemberContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(DParserASSIGN, 0)
}

func (s *TranslatorMemberContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *TranslatorMemberContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *TranslatorMemberContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TranslatorMemberContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) TranslatorMember() (localctx ITranslatorMemberContext) {
	localctx = NewTranslatorMemberContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 32, DParserRULE_translatorMember)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(277)
		p.Match(DParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(278)
		p.Match(DParserASSIGN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(279)
		p.Expr()
	}
	{
		p.SetState(280)
		p.Match(DParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IProviderDefinitionContext is an interface to support dynamic dispatch.
type IProviderDefinitionContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	PROVIDER() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	LBRACE() antlr.TerminalNode
	RBRACE() antlr.TerminalNode
	SEMI() antlr.TerminalNode
	AllProviderProbe() []IProviderProbeContext
	ProviderProbe(i int) IProviderProbeContext

	// IsProviderDefinitionContext differentiates from other interfaces.
	IsProviderDefinitionContext()
}

type ProviderDefinitionContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyProviderDefinitionContext() *ProviderDefinitionContext {
	var p = new(ProviderDefinitionContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_providerDefinition
	return p
}

func InitEmptyProviderDefinitionContext(p *ProviderDefinitionContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_providerDefinition
}

func (*ProviderDefinitionContext) IsProviderDefinitionContext() {}

func NewProviderDefinitionContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ProviderDefinitionContext {
	var p = new(ProviderDefinitionContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_providerDefinition

	return p
}

func (s *ProviderDefinitionContext) GetParser() antlr.Parser { return s.parser }

func (s *ProviderDefinitionContext) PROVIDER() antlr.TerminalNode {
	return s.GetToken(DParserPROVIDER, 0)
}

func (s *ProviderDefinitionContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *ProviderDefinitionContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(DParserLBRACE, 0)
}

func (s *ProviderDefinitionContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(DParserRBRACE, 0)
}

func (s *ProviderDefinitionContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *ProviderDefinitionContext) AllProviderProbe() []IProviderProbeContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IProviderProbeContext); ok {
			len++
		}
	}

	tst := make([]IProviderProbeContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IProviderProbeContext); ok {
			tst[i] = t.(IProviderProbeContext)
			i++
		}
	}

	return tst
}

func (s *ProviderDefinitionContext) ProviderProbe(i int) IProviderProbeContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IProviderProbeContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IProviderProbeContext)
}

func (s *ProviderDefinitionContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ProviderDefinitionContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ProviderDefinition() (localctx IProviderDefinitionContext) {
	localctx = NewProviderDefinitionContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 34, DParserRULE_providerDefinition)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(282)
		p.Match(DParserPROVIDER)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(283)
		p.Match(DParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(284)
		p.Match(DParserLBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(288)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserPROBE {
		{
			p.SetState(285)
			p.ProviderProbe()
		}

		p.SetState(290)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(291)
		p.Match(DParserRBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(292)
		p.Match(DParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IProviderProbeContext is an interface to support dynamic dispatch.
type IProviderProbeContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	PROBE() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	AllParameterList() []IParameterListContext
	ParameterList(i int) IParameterListContext
	SEMI() antlr.TerminalNode
	COLON() antlr.TerminalNode

	// IsProviderProbeContext differentiates from other interfaces.
	IsProviderProbeContext()
}

type ProviderProbeContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyProviderProbeContext() *ProviderProbeContext {
	var p = new(ProviderProbeContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_providerProbe
	return p
}

func InitEmptyProviderProbeContext(p *ProviderProbeContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_providerProbe
}

func (*ProviderProbeContext) IsProviderProbeContext() {}

func NewProviderProbeContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ProviderProbeContext {
	var p = new(ProviderProbeContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_providerProbe

	return p
}

func (s *ProviderProbeContext) GetParser() antlr.Parser { return s.parser }

func (s *ProviderProbeContext) PROBE() antlr.TerminalNode {
	return s.GetToken(DParserPROBE, 0)
}

func (s *ProviderProbeContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *ProviderProbeContext) AllParameterList() []IParameterListContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IParameterListContext); ok {
			len++
		}
	}

	tst := make([]IParameterListContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IParameterListContext); ok {
			tst[i] = t.(IParameterListContext)
			i++
		}
	}

	return tst
}

func (s *ProviderProbeContext) ParameterList(i int) IParameterListContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParameterListContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParameterListContext)
}

func (s *ProviderProbeContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *ProviderProbeContext) COLON() antlr.TerminalNode {
	return s.GetToken(DParserCOLON, 0)
}

func (s *ProviderProbeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ProviderProbeContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ProviderProbe() (localctx IProviderProbeContext) {
	localctx = NewProviderProbeContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 36, DParserRULE_providerProbe)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(294)
		p.Match(DParserPROBE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(295)
		p.Match(DParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(296)
		p.ParameterList()
	}
	p.SetState(299)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == DParserCOLON {
		{
			p.SetState(297)
			p.Match(DParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(298)
			p.ParameterList()
		}

	}
	{
		p.SetState(301)
		p.Match(DParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IDeclarationContext is an interface to support dynamic dispatch.
type IDeclarationContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	DeclarationSpecifiers() IDeclarationSpecifiersContext
	SEMI() antlr.TerminalNode
	AllDeclarator() []IDeclaratorContext
	Declarator(i int) IDeclaratorContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsDeclarationContext differentiates from other interfaces.
	IsDeclarationContext()
}

type DeclarationContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyDeclarationContext() *DeclarationContext {
	var p = new(DeclarationContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declaration
	return p
}

func InitEmptyDeclarationContext(p *DeclarationContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declaration
}

func (*DeclarationContext) IsDeclarationContext() {}

func NewDeclarationContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *DeclarationContext {
	var p = new(DeclarationContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_declaration

	return p
}

func (s *DeclarationContext) GetParser() antlr.Parser { return s.parser }

func (s *DeclarationContext) DeclarationSpecifiers() IDeclarationSpecifiersContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclarationSpecifiersContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclarationSpecifiersContext)
}

func (s *DeclarationContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *DeclarationContext) AllDeclarator() []IDeclaratorContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IDeclaratorContext); ok {
			len++
		}
	}

	tst := make([]IDeclaratorContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IDeclaratorContext); ok {
			tst[i] = t.(IDeclaratorContext)
			i++
		}
	}

	return tst
}

func (s *DeclarationContext) Declarator(i int) IDeclaratorContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclaratorContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclaratorContext)
}

func (s *DeclarationContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(DParserCOMMA)
}

func (s *DeclarationContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, i)
}

func (s *DeclarationContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DeclarationContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Declaration() (localctx IDeclarationContext) {
	localctx = NewDeclarationContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 38, DParserRULE_declaration)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(303)
		p.DeclarationSpecifiers()
	}
	p.SetState(312)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if (int64((_la-50)) & ^0x3f) == 0 && ((int64(1)<<(_la-50))&70373039144961) != 0 {
		{
			p.SetState(304)
			p.Declarator()
		}
		p.SetState(309)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == DParserCOMMA {
			{
				p.SetState(305)
				p.Match(DParserCOMMA)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(306)
				p.Declarator()
			}

			p.SetState(311)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	}
	{
		p.SetState(314)
		p.Match(DParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IDeclarationSpecifiersContext is an interface to support dynamic dispatch.
type IDeclarationSpecifiersContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllStorageClass() []IStorageClassContext
	StorageClass(i int) IStorageClassContext
	AllTypeSpecifier() []ITypeSpecifierContext
	TypeSpecifier(i int) ITypeSpecifierContext
	AllTypeQualifier() []ITypeQualifierContext
	TypeQualifier(i int) ITypeQualifierContext

	// IsDeclarationSpecifiersContext differentiates from other interfaces.
	IsDeclarationSpecifiersContext()
}

type DeclarationSpecifiersContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyDeclarationSpecifiersContext() *DeclarationSpecifiersContext {
	var p = new(DeclarationSpecifiersContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declarationSpecifiers
	return p
}

func InitEmptyDeclarationSpecifiersContext(p *DeclarationSpecifiersContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declarationSpecifiers
}

func (*DeclarationSpecifiersContext) IsDeclarationSpecifiersContext() {}

func NewDeclarationSpecifiersContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *DeclarationSpecifiersContext {
	var p = new(DeclarationSpecifiersContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_declarationSpecifiers

	return p
}

func (s *DeclarationSpecifiersContext) GetParser() antlr.Parser { return s.parser }

func (s *DeclarationSpecifiersContext) AllStorageClass() []IStorageClassContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IStorageClassContext); ok {
			len++
		}
	}

	tst := make([]IStorageClassContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IStorageClassContext); ok {
			tst[i] = t.(IStorageClassContext)
			i++
		}
	}

	return tst
}

func (s *DeclarationSpecifiersContext) StorageClass(i int) IStorageClassContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStorageClassContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStorageClassContext)
}

func (s *DeclarationSpecifiersContext) AllTypeSpecifier() []ITypeSpecifierContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypeSpecifierContext); ok {
			len++
		}
	}

	tst := make([]ITypeSpecifierContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypeSpecifierContext); ok {
			tst[i] = t.(ITypeSpecifierContext)
			i++
		}
	}

	return tst
}

func (s *DeclarationSpecifiersContext) TypeSpecifier(i int) ITypeSpecifierContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeSpecifierContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeSpecifierContext)
}

func (s *DeclarationSpecifiersContext) AllTypeQualifier() []ITypeQualifierContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypeQualifierContext); ok {
			len++
		}
	}

	tst := make([]ITypeQualifierContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypeQualifierContext); ok {
			tst[i] = t.(ITypeQualifierContext)
			i++
		}
	}

	return tst
}

func (s *DeclarationSpecifiersContext) TypeQualifier(i int) ITypeQualifierContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeQualifierContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeQualifierContext)
}

func (s *DeclarationSpecifiersContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DeclarationSpecifiersContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) DeclarationSpecifiers() (localctx IDeclarationSpecifiersContext) {
	localctx = NewDeclarationSpecifiersContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 40, DParserRULE_declarationSpecifiers)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(319)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for ok := true; ok; ok = ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&137832773689748) != 0) {
		p.SetState(319)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case DParserAUTO, DParserEXTERN, DParserREGISTER, DParserSELF, DParserSTATIC, DParserTHIS, DParserTYPEDEF:
			{
				p.SetState(316)
				p.StorageClass()
			}

		case DParserTYPE_NAME, DParserCHAR, DParserDOUBLE, DParserENUM, DParserFLOAT, DParserINT, DParserLONG, DParserSHORT, DParserSIGNED, DParserSTRING, DParserSTRUCT, DParserUNION, DParserUNSIGNED, DParserVOID:
			{
				p.SetState(317)
				p.TypeSpecifier()
			}

		case DParserCONST, DParserRESTRICT, DParserVOLATILE:
			{
				p.SetState(318)
				p.TypeQualifier()
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(321)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStorageClassContext is an interface to support dynamic dispatch.
type IStorageClassContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AUTO() antlr.TerminalNode
	REGISTER() antlr.TerminalNode
	STATIC() antlr.TerminalNode
	EXTERN() antlr.TerminalNode
	TYPEDEF() antlr.TerminalNode
	SELF() antlr.TerminalNode
	THIS() antlr.TerminalNode

	// IsStorageClassContext differentiates from other interfaces.
	IsStorageClassContext()
}

type StorageClassContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStorageClassContext() *StorageClassContext {
	var p = new(StorageClassContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_storageClass
	return p
}

func InitEmptyStorageClassContext(p *StorageClassContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_storageClass
}

func (*StorageClassContext) IsStorageClassContext() {}

func NewStorageClassContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StorageClassContext {
	var p = new(StorageClassContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_storageClass

	return p
}

func (s *StorageClassContext) GetParser() antlr.Parser { return s.parser }

func (s *StorageClassContext) AUTO() antlr.TerminalNode {
	return s.GetToken(DParserAUTO, 0)
}

func (s *StorageClassContext) REGISTER() antlr.TerminalNode {
	return s.GetToken(DParserREGISTER, 0)
}

func (s *StorageClassContext) STATIC() antlr.TerminalNode {
	return s.GetToken(DParserSTATIC, 0)
}

func (s *StorageClassContext) EXTERN() antlr.TerminalNode {
	return s.GetToken(DParserEXTERN, 0)
}

func (s *StorageClassContext) TYPEDEF() antlr.TerminalNode {
	return s.GetToken(DParserTYPEDEF, 0)
}

func (s *StorageClassContext) SELF() antlr.TerminalNode {
	return s.GetToken(DParserSELF, 0)
}

func (s *StorageClassContext) THIS() antlr.TerminalNode {
	return s.GetToken(DParserTHIS, 0)
}

func (s *StorageClassContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StorageClassContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) StorageClass() (localctx IStorageClassContext) {
	localctx = NewStorageClassContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 42, DParserRULE_storageClass)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(323)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&5534333861904) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ITypeSpecifierContext is an interface to support dynamic dispatch.
type ITypeSpecifierContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	VOID() antlr.TerminalNode
	CHAR() antlr.TerminalNode
	SHORT() antlr.TerminalNode
	INT() antlr.TerminalNode
	LONG() antlr.TerminalNode
	FLOAT() antlr.TerminalNode
	DOUBLE() antlr.TerminalNode
	SIGNED() antlr.TerminalNode
	UNSIGNED() antlr.TerminalNode
	STRING() antlr.TerminalNode
	TYPE_NAME() antlr.TerminalNode
	StructSpecifier() IStructSpecifierContext
	EnumSpecifier() IEnumSpecifierContext

	// IsTypeSpecifierContext differentiates from other interfaces.
	IsTypeSpecifierContext()
}

type TypeSpecifierContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTypeSpecifierContext() *TypeSpecifierContext {
	var p = new(TypeSpecifierContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_typeSpecifier
	return p
}

func InitEmptyTypeSpecifierContext(p *TypeSpecifierContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_typeSpecifier
}

func (*TypeSpecifierContext) IsTypeSpecifierContext() {}

func NewTypeSpecifierContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TypeSpecifierContext {
	var p = new(TypeSpecifierContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_typeSpecifier

	return p
}

func (s *TypeSpecifierContext) GetParser() antlr.Parser { return s.parser }

func (s *TypeSpecifierContext) VOID() antlr.TerminalNode {
	return s.GetToken(DParserVOID, 0)
}

func (s *TypeSpecifierContext) CHAR() antlr.TerminalNode {
	return s.GetToken(DParserCHAR, 0)
}

func (s *TypeSpecifierContext) SHORT() antlr.TerminalNode {
	return s.GetToken(DParserSHORT, 0)
}

func (s *TypeSpecifierContext) INT() antlr.TerminalNode {
	return s.GetToken(DParserINT, 0)
}

func (s *TypeSpecifierContext) LONG() antlr.TerminalNode {
	return s.GetToken(DParserLONG, 0)
}

func (s *TypeSpecifierContext) FLOAT() antlr.TerminalNode {
	return s.GetToken(DParserFLOAT, 0)
}

func (s *TypeSpecifierContext) DOUBLE() antlr.TerminalNode {
	return s.GetToken(DParserDOUBLE, 0)
}

func (s *TypeSpecifierContext) SIGNED() antlr.TerminalNode {
	return s.GetToken(DParserSIGNED, 0)
}

func (s *TypeSpecifierContext) UNSIGNED() antlr.TerminalNode {
	return s.GetToken(DParserUNSIGNED, 0)
}

func (s *TypeSpecifierContext) STRING() antlr.TerminalNode {
	return s.GetToken(DParserSTRING, 0)
}

func (s *TypeSpecifierContext) TYPE_NAME() antlr.TerminalNode {
	return s.GetToken(DParserTYPE_NAME, 0)
}

func (s *TypeSpecifierContext) StructSpecifier() IStructSpecifierContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStructSpecifierContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStructSpecifierContext)
}

func (s *TypeSpecifierContext) EnumSpecifier() IEnumSpecifierContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IEnumSpecifierContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IEnumSpecifierContext)
}

func (s *TypeSpecifierContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TypeSpecifierContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) TypeSpecifier() (localctx ITypeSpecifierContext) {
	localctx = NewTypeSpecifierContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 44, DParserRULE_typeSpecifier)
	p.SetState(338)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserVOID:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(325)
			p.Match(DParserVOID)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserCHAR:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(326)
			p.Match(DParserCHAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserSHORT:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(327)
			p.Match(DParserSHORT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserINT:
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(328)
			p.Match(DParserINT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserLONG:
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(329)
			p.Match(DParserLONG)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserFLOAT:
		p.EnterOuterAlt(localctx, 6)
		{
			p.SetState(330)
			p.Match(DParserFLOAT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserDOUBLE:
		p.EnterOuterAlt(localctx, 7)
		{
			p.SetState(331)
			p.Match(DParserDOUBLE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserSIGNED:
		p.EnterOuterAlt(localctx, 8)
		{
			p.SetState(332)
			p.Match(DParserSIGNED)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserUNSIGNED:
		p.EnterOuterAlt(localctx, 9)
		{
			p.SetState(333)
			p.Match(DParserUNSIGNED)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserSTRING:
		p.EnterOuterAlt(localctx, 10)
		{
			p.SetState(334)
			p.Match(DParserSTRING)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserTYPE_NAME:
		p.EnterOuterAlt(localctx, 11)
		{
			p.SetState(335)
			p.Match(DParserTYPE_NAME)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserSTRUCT, DParserUNION:
		p.EnterOuterAlt(localctx, 12)
		{
			p.SetState(336)
			p.StructSpecifier()
		}

	case DParserENUM:
		p.EnterOuterAlt(localctx, 13)
		{
			p.SetState(337)
			p.EnumSpecifier()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ITypeQualifierContext is an interface to support dynamic dispatch.
type ITypeQualifierContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	CONST() antlr.TerminalNode
	RESTRICT() antlr.TerminalNode
	VOLATILE() antlr.TerminalNode

	// IsTypeQualifierContext differentiates from other interfaces.
	IsTypeQualifierContext()
}

type TypeQualifierContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTypeQualifierContext() *TypeQualifierContext {
	var p = new(TypeQualifierContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_typeQualifier
	return p
}

func InitEmptyTypeQualifierContext(p *TypeQualifierContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_typeQualifier
}

func (*TypeQualifierContext) IsTypeQualifierContext() {}

func NewTypeQualifierContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TypeQualifierContext {
	var p = new(TypeQualifierContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_typeQualifier

	return p
}

func (s *TypeQualifierContext) GetParser() antlr.Parser { return s.parser }

func (s *TypeQualifierContext) CONST() antlr.TerminalNode {
	return s.GetToken(DParserCONST, 0)
}

func (s *TypeQualifierContext) RESTRICT() antlr.TerminalNode {
	return s.GetToken(DParserRESTRICT, 0)
}

func (s *TypeQualifierContext) VOLATILE() antlr.TerminalNode {
	return s.GetToken(DParserVOLATILE, 0)
}

func (s *TypeQualifierContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TypeQualifierContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) TypeQualifier() (localctx ITypeQualifierContext) {
	localctx = NewTypeQualifierContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 46, DParserRULE_typeQualifier)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(340)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&70369281048832) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStructSpecifierContext is an interface to support dynamic dispatch.
type IStructSpecifierContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	STRUCT() antlr.TerminalNode
	UNION() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	StructBody() IStructBodyContext

	// IsStructSpecifierContext differentiates from other interfaces.
	IsStructSpecifierContext()
}

type StructSpecifierContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStructSpecifierContext() *StructSpecifierContext {
	var p = new(StructSpecifierContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structSpecifier
	return p
}

func InitEmptyStructSpecifierContext(p *StructSpecifierContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structSpecifier
}

func (*StructSpecifierContext) IsStructSpecifierContext() {}

func NewStructSpecifierContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StructSpecifierContext {
	var p = new(StructSpecifierContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_structSpecifier

	return p
}

func (s *StructSpecifierContext) GetParser() antlr.Parser { return s.parser }

func (s *StructSpecifierContext) STRUCT() antlr.TerminalNode {
	return s.GetToken(DParserSTRUCT, 0)
}

func (s *StructSpecifierContext) UNION() antlr.TerminalNode {
	return s.GetToken(DParserUNION, 0)
}

func (s *StructSpecifierContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *StructSpecifierContext) StructBody() IStructBodyContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStructBodyContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStructBodyContext)
}

func (s *StructSpecifierContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StructSpecifierContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) StructSpecifier() (localctx IStructSpecifierContext) {
	localctx = NewStructSpecifierContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 48, DParserRULE_structSpecifier)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(342)
		_la = p.GetTokenStream().LA(1)

		if !(_la == DParserSTRUCT || _la == DParserUNION) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}
	p.SetState(348)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserIDENT:
		{
			p.SetState(343)
			p.Match(DParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(345)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == DParserLBRACE {
			{
				p.SetState(344)
				p.StructBody()
			}

		}

	case DParserLBRACE:
		{
			p.SetState(347)
			p.StructBody()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStructBodyContext is an interface to support dynamic dispatch.
type IStructBodyContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LBRACE() antlr.TerminalNode
	RBRACE() antlr.TerminalNode
	AllStructDeclaration() []IStructDeclarationContext
	StructDeclaration(i int) IStructDeclarationContext

	// IsStructBodyContext differentiates from other interfaces.
	IsStructBodyContext()
}

type StructBodyContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStructBodyContext() *StructBodyContext {
	var p = new(StructBodyContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structBody
	return p
}

func InitEmptyStructBodyContext(p *StructBodyContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structBody
}

func (*StructBodyContext) IsStructBodyContext() {}

func NewStructBodyContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StructBodyContext {
	var p = new(StructBodyContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_structBody

	return p
}

func (s *StructBodyContext) GetParser() antlr.Parser { return s.parser }

func (s *StructBodyContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(DParserLBRACE, 0)
}

func (s *StructBodyContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(DParserRBRACE, 0)
}

func (s *StructBodyContext) AllStructDeclaration() []IStructDeclarationContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IStructDeclarationContext); ok {
			len++
		}
	}

	tst := make([]IStructDeclarationContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IStructDeclarationContext); ok {
			tst[i] = t.(IStructDeclarationContext)
			i++
		}
	}

	return tst
}

func (s *StructBodyContext) StructDeclaration(i int) IStructDeclarationContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStructDeclarationContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStructDeclarationContext)
}

func (s *StructBodyContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StructBodyContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) StructBody() (localctx IStructBodyContext) {
	localctx = NewStructBodyContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 50, DParserRULE_structBody)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(350)
		p.Match(DParserLBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(352)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for ok := true; ok; ok = ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&132298439827844) != 0) {
		{
			p.SetState(351)
			p.StructDeclaration()
		}

		p.SetState(354)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(356)
		p.Match(DParserRBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStructDeclarationContext is an interface to support dynamic dispatch.
type IStructDeclarationContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	SpecifierQualifierList() ISpecifierQualifierListContext
	AllStructDeclarator() []IStructDeclaratorContext
	StructDeclarator(i int) IStructDeclaratorContext
	SEMI() antlr.TerminalNode
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsStructDeclarationContext differentiates from other interfaces.
	IsStructDeclarationContext()
}

type StructDeclarationContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStructDeclarationContext() *StructDeclarationContext {
	var p = new(StructDeclarationContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structDeclaration
	return p
}

func InitEmptyStructDeclarationContext(p *StructDeclarationContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structDeclaration
}

func (*StructDeclarationContext) IsStructDeclarationContext() {}

func NewStructDeclarationContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StructDeclarationContext {
	var p = new(StructDeclarationContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_structDeclaration

	return p
}

func (s *StructDeclarationContext) GetParser() antlr.Parser { return s.parser }

func (s *StructDeclarationContext) SpecifierQualifierList() ISpecifierQualifierListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ISpecifierQualifierListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ISpecifierQualifierListContext)
}

func (s *StructDeclarationContext) AllStructDeclarator() []IStructDeclaratorContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IStructDeclaratorContext); ok {
			len++
		}
	}

	tst := make([]IStructDeclaratorContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IStructDeclaratorContext); ok {
			tst[i] = t.(IStructDeclaratorContext)
			i++
		}
	}

	return tst
}

func (s *StructDeclarationContext) StructDeclarator(i int) IStructDeclaratorContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IStructDeclaratorContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IStructDeclaratorContext)
}

func (s *StructDeclarationContext) SEMI() antlr.TerminalNode {
	return s.GetToken(DParserSEMI, 0)
}

func (s *StructDeclarationContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(DParserCOMMA)
}

func (s *StructDeclarationContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, i)
}

func (s *StructDeclarationContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StructDeclarationContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) StructDeclaration() (localctx IStructDeclarationContext) {
	localctx = NewStructDeclarationContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 52, DParserRULE_structDeclaration)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(358)
		p.SpecifierQualifierList()
	}
	{
		p.SetState(359)
		p.StructDeclarator()
	}
	p.SetState(364)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserCOMMA {
		{
			p.SetState(360)
			p.Match(DParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(361)
			p.StructDeclarator()
		}

		p.SetState(366)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(367)
		p.Match(DParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ISpecifierQualifierListContext is an interface to support dynamic dispatch.
type ISpecifierQualifierListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllTypeSpecifier() []ITypeSpecifierContext
	TypeSpecifier(i int) ITypeSpecifierContext
	AllTypeQualifier() []ITypeQualifierContext
	TypeQualifier(i int) ITypeQualifierContext

	// IsSpecifierQualifierListContext differentiates from other interfaces.
	IsSpecifierQualifierListContext()
}

type SpecifierQualifierListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptySpecifierQualifierListContext() *SpecifierQualifierListContext {
	var p = new(SpecifierQualifierListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_specifierQualifierList
	return p
}

func InitEmptySpecifierQualifierListContext(p *SpecifierQualifierListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_specifierQualifierList
}

func (*SpecifierQualifierListContext) IsSpecifierQualifierListContext() {}

func NewSpecifierQualifierListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *SpecifierQualifierListContext {
	var p = new(SpecifierQualifierListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_specifierQualifierList

	return p
}

func (s *SpecifierQualifierListContext) GetParser() antlr.Parser { return s.parser }

func (s *SpecifierQualifierListContext) AllTypeSpecifier() []ITypeSpecifierContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypeSpecifierContext); ok {
			len++
		}
	}

	tst := make([]ITypeSpecifierContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypeSpecifierContext); ok {
			tst[i] = t.(ITypeSpecifierContext)
			i++
		}
	}

	return tst
}

func (s *SpecifierQualifierListContext) TypeSpecifier(i int) ITypeSpecifierContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeSpecifierContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeSpecifierContext)
}

func (s *SpecifierQualifierListContext) AllTypeQualifier() []ITypeQualifierContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypeQualifierContext); ok {
			len++
		}
	}

	tst := make([]ITypeQualifierContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypeQualifierContext); ok {
			tst[i] = t.(ITypeQualifierContext)
			i++
		}
	}

	return tst
}

func (s *SpecifierQualifierListContext) TypeQualifier(i int) ITypeQualifierContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeQualifierContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeQualifierContext)
}

func (s *SpecifierQualifierListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *SpecifierQualifierListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) SpecifierQualifierList() (localctx ISpecifierQualifierListContext) {
	localctx = NewSpecifierQualifierListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 54, DParserRULE_specifierQualifierList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(371)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for ok := true; ok; ok = ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&132298439827844) != 0) {
		p.SetState(371)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}

		switch p.GetTokenStream().LA(1) {
		case DParserTYPE_NAME, DParserCHAR, DParserDOUBLE, DParserENUM, DParserFLOAT, DParserINT, DParserLONG, DParserSHORT, DParserSIGNED, DParserSTRING, DParserSTRUCT, DParserUNION, DParserUNSIGNED, DParserVOID:
			{
				p.SetState(369)
				p.TypeSpecifier()
			}

		case DParserCONST, DParserRESTRICT, DParserVOLATILE:
			{
				p.SetState(370)
				p.TypeQualifier()
			}

		default:
			p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
			goto errorExit
		}

		p.SetState(373)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IStructDeclaratorContext is an interface to support dynamic dispatch.
type IStructDeclaratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Declarator() IDeclaratorContext
	COLON() antlr.TerminalNode
	Expr() IExprContext

	// IsStructDeclaratorContext differentiates from other interfaces.
	IsStructDeclaratorContext()
}

type StructDeclaratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyStructDeclaratorContext() *StructDeclaratorContext {
	var p = new(StructDeclaratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structDeclarator
	return p
}

func InitEmptyStructDeclaratorContext(p *StructDeclaratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_structDeclarator
}

func (*StructDeclaratorContext) IsStructDeclaratorContext() {}

func NewStructDeclaratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *StructDeclaratorContext {
	var p = new(StructDeclaratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_structDeclarator

	return p
}

func (s *StructDeclaratorContext) GetParser() antlr.Parser { return s.parser }

func (s *StructDeclaratorContext) Declarator() IDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclaratorContext)
}

func (s *StructDeclaratorContext) COLON() antlr.TerminalNode {
	return s.GetToken(DParserCOLON, 0)
}

func (s *StructDeclaratorContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *StructDeclaratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *StructDeclaratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) StructDeclarator() (localctx IStructDeclaratorContext) {
	localctx = NewStructDeclaratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 56, DParserRULE_structDeclarator)
	var _la int

	p.SetState(382)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserIDENT, DParserLPAREN, DParserSTAR:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(375)
			p.Declarator()
		}
		p.SetState(378)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == DParserCOLON {
			{
				p.SetState(376)
				p.Match(DParserCOLON)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(377)
				p.Expr()
			}

		}

	case DParserCOLON:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(380)
			p.Match(DParserCOLON)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(381)
			p.Expr()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IEnumSpecifierContext is an interface to support dynamic dispatch.
type IEnumSpecifierContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	ENUM() antlr.TerminalNode
	IDENT() antlr.TerminalNode
	EnumBody() IEnumBodyContext

	// IsEnumSpecifierContext differentiates from other interfaces.
	IsEnumSpecifierContext()
}

type EnumSpecifierContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyEnumSpecifierContext() *EnumSpecifierContext {
	var p = new(EnumSpecifierContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_enumSpecifier
	return p
}

func InitEmptyEnumSpecifierContext(p *EnumSpecifierContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_enumSpecifier
}

func (*EnumSpecifierContext) IsEnumSpecifierContext() {}

func NewEnumSpecifierContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *EnumSpecifierContext {
	var p = new(EnumSpecifierContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_enumSpecifier

	return p
}

func (s *EnumSpecifierContext) GetParser() antlr.Parser { return s.parser }

func (s *EnumSpecifierContext) ENUM() antlr.TerminalNode {
	return s.GetToken(DParserENUM, 0)
}

func (s *EnumSpecifierContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *EnumSpecifierContext) EnumBody() IEnumBodyContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IEnumBodyContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IEnumBodyContext)
}

func (s *EnumSpecifierContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *EnumSpecifierContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) EnumSpecifier() (localctx IEnumSpecifierContext) {
	localctx = NewEnumSpecifierContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 58, DParserRULE_enumSpecifier)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(384)
		p.Match(DParserENUM)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(390)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserIDENT:
		{
			p.SetState(385)
			p.Match(DParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(387)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == DParserLBRACE {
			{
				p.SetState(386)
				p.EnumBody()
			}

		}

	case DParserLBRACE:
		{
			p.SetState(389)
			p.EnumBody()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IEnumBodyContext is an interface to support dynamic dispatch.
type IEnumBodyContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LBRACE() antlr.TerminalNode
	AllEnumerator() []IEnumeratorContext
	Enumerator(i int) IEnumeratorContext
	RBRACE() antlr.TerminalNode
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsEnumBodyContext differentiates from other interfaces.
	IsEnumBodyContext()
}

type EnumBodyContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyEnumBodyContext() *EnumBodyContext {
	var p = new(EnumBodyContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_enumBody
	return p
}

func InitEmptyEnumBodyContext(p *EnumBodyContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_enumBody
}

func (*EnumBodyContext) IsEnumBodyContext() {}

func NewEnumBodyContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *EnumBodyContext {
	var p = new(EnumBodyContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_enumBody

	return p
}

func (s *EnumBodyContext) GetParser() antlr.Parser { return s.parser }

func (s *EnumBodyContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(DParserLBRACE, 0)
}

func (s *EnumBodyContext) AllEnumerator() []IEnumeratorContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IEnumeratorContext); ok {
			len++
		}
	}

	tst := make([]IEnumeratorContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IEnumeratorContext); ok {
			tst[i] = t.(IEnumeratorContext)
			i++
		}
	}

	return tst
}

func (s *EnumBodyContext) Enumerator(i int) IEnumeratorContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IEnumeratorContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IEnumeratorContext)
}

func (s *EnumBodyContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(DParserRBRACE, 0)
}

func (s *EnumBodyContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(DParserCOMMA)
}

func (s *EnumBodyContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, i)
}

func (s *EnumBodyContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *EnumBodyContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) EnumBody() (localctx IEnumBodyContext) {
	localctx = NewEnumBodyContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 60, DParserRULE_enumBody)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(392)
		p.Match(DParserLBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(393)
		p.Enumerator()
	}
	p.SetState(398)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserCOMMA {
		{
			p.SetState(394)
			p.Match(DParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(395)
			p.Enumerator()
		}

		p.SetState(400)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(401)
		p.Match(DParserRBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IEnumeratorContext is an interface to support dynamic dispatch.
type IEnumeratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	ASSIGN() antlr.TerminalNode
	Expr() IExprContext

	// IsEnumeratorContext differentiates from other interfaces.
	IsEnumeratorContext()
}

type EnumeratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyEnumeratorContext() *EnumeratorContext {
	var p = new(EnumeratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_enumerator
	return p
}

func InitEmptyEnumeratorContext(p *EnumeratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_enumerator
}

func (*EnumeratorContext) IsEnumeratorContext() {}

func NewEnumeratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *EnumeratorContext {
	var p = new(EnumeratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_enumerator

	return p
}

func (s *EnumeratorContext) GetParser() antlr.Parser { return s.parser }

func (s *EnumeratorContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *EnumeratorContext) ASSIGN() antlr.TerminalNode {
	return s.GetToken(DParserASSIGN, 0)
}

func (s *EnumeratorContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *EnumeratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *EnumeratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Enumerator() (localctx IEnumeratorContext) {
	localctx = NewEnumeratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 62, DParserRULE_enumerator)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(403)
		p.Match(DParserIDENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(406)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == DParserASSIGN {
		{
			p.SetState(404)
			p.Match(DParserASSIGN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(405)
			p.Expr()
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IDeclaratorContext is an interface to support dynamic dispatch.
type IDeclaratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	DirectDeclarator() IDirectDeclaratorContext
	Pointer() IPointerContext

	// IsDeclaratorContext differentiates from other interfaces.
	IsDeclaratorContext()
}

type DeclaratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyDeclaratorContext() *DeclaratorContext {
	var p = new(DeclaratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declarator
	return p
}

func InitEmptyDeclaratorContext(p *DeclaratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declarator
}

func (*DeclaratorContext) IsDeclaratorContext() {}

func NewDeclaratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *DeclaratorContext {
	var p = new(DeclaratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_declarator

	return p
}

func (s *DeclaratorContext) GetParser() antlr.Parser { return s.parser }

func (s *DeclaratorContext) DirectDeclarator() IDirectDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDirectDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDirectDeclaratorContext)
}

func (s *DeclaratorContext) Pointer() IPointerContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPointerContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPointerContext)
}

func (s *DeclaratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DeclaratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Declarator() (localctx IDeclaratorContext) {
	localctx = NewDeclaratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 64, DParserRULE_declarator)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(409)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == DParserSTAR {
		{
			p.SetState(408)
			p.Pointer()
		}

	}
	{
		p.SetState(411)
		p.DirectDeclarator()
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IDirectDeclaratorContext is an interface to support dynamic dispatch.
type IDirectDeclaratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	IDENT() antlr.TerminalNode
	LPAREN() antlr.TerminalNode
	Declarator() IDeclaratorContext
	RPAREN() antlr.TerminalNode
	AllDeclaratorSuffix() []IDeclaratorSuffixContext
	DeclaratorSuffix(i int) IDeclaratorSuffixContext

	// IsDirectDeclaratorContext differentiates from other interfaces.
	IsDirectDeclaratorContext()
}

type DirectDeclaratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyDirectDeclaratorContext() *DirectDeclaratorContext {
	var p = new(DirectDeclaratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_directDeclarator
	return p
}

func InitEmptyDirectDeclaratorContext(p *DirectDeclaratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_directDeclarator
}

func (*DirectDeclaratorContext) IsDirectDeclaratorContext() {}

func NewDirectDeclaratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *DirectDeclaratorContext {
	var p = new(DirectDeclaratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_directDeclarator

	return p
}

func (s *DirectDeclaratorContext) GetParser() antlr.Parser { return s.parser }

func (s *DirectDeclaratorContext) IDENT() antlr.TerminalNode {
	return s.GetToken(DParserIDENT, 0)
}

func (s *DirectDeclaratorContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *DirectDeclaratorContext) Declarator() IDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclaratorContext)
}

func (s *DirectDeclaratorContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

func (s *DirectDeclaratorContext) AllDeclaratorSuffix() []IDeclaratorSuffixContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IDeclaratorSuffixContext); ok {
			len++
		}
	}

	tst := make([]IDeclaratorSuffixContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IDeclaratorSuffixContext); ok {
			tst[i] = t.(IDeclaratorSuffixContext)
			i++
		}
	}

	return tst
}

func (s *DirectDeclaratorContext) DeclaratorSuffix(i int) IDeclaratorSuffixContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclaratorSuffixContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclaratorSuffixContext)
}

func (s *DirectDeclaratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DirectDeclaratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) DirectDeclarator() (localctx IDirectDeclaratorContext) {
	localctx = NewDirectDeclaratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 66, DParserRULE_directDeclarator)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(418)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserIDENT:
		{
			p.SetState(413)
			p.Match(DParserIDENT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserLPAREN:
		{
			p.SetState(414)
			p.Match(DParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(415)
			p.Declarator()
		}
		{
			p.SetState(416)
			p.Match(DParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}
	p.SetState(423)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserLPAREN || _la == DParserLBRACKET {
		{
			p.SetState(420)
			p.DeclaratorSuffix()
		}

		p.SetState(425)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IDeclaratorSuffixContext is an interface to support dynamic dispatch.
type IDeclaratorSuffixContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LBRACKET() antlr.TerminalNode
	RBRACKET() antlr.TerminalNode
	ArrayParameters() IArrayParametersContext
	ParameterList() IParameterListContext

	// IsDeclaratorSuffixContext differentiates from other interfaces.
	IsDeclaratorSuffixContext()
}

type DeclaratorSuffixContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyDeclaratorSuffixContext() *DeclaratorSuffixContext {
	var p = new(DeclaratorSuffixContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declaratorSuffix
	return p
}

func InitEmptyDeclaratorSuffixContext(p *DeclaratorSuffixContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_declaratorSuffix
}

func (*DeclaratorSuffixContext) IsDeclaratorSuffixContext() {}

func NewDeclaratorSuffixContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *DeclaratorSuffixContext {
	var p = new(DeclaratorSuffixContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_declaratorSuffix

	return p
}

func (s *DeclaratorSuffixContext) GetParser() antlr.Parser { return s.parser }

func (s *DeclaratorSuffixContext) LBRACKET() antlr.TerminalNode {
	return s.GetToken(DParserLBRACKET, 0)
}

func (s *DeclaratorSuffixContext) RBRACKET() antlr.TerminalNode {
	return s.GetToken(DParserRBRACKET, 0)
}

func (s *DeclaratorSuffixContext) ArrayParameters() IArrayParametersContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArrayParametersContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArrayParametersContext)
}

func (s *DeclaratorSuffixContext) ParameterList() IParameterListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParameterListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParameterListContext)
}

func (s *DeclaratorSuffixContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DeclaratorSuffixContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) DeclaratorSuffix() (localctx IDeclaratorSuffixContext) {
	localctx = NewDeclaratorSuffixContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 68, DParserRULE_declaratorSuffix)
	var _la int

	p.SetState(432)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserLBRACKET:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(426)
			p.Match(DParserLBRACKET)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(428)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&-4224519938024169068) != 0) || ((int64((_la-82)) & ^0x3f) == 0 && ((int64(1)<<(_la-82))&3305473) != 0) {
			{
				p.SetState(427)
				p.ArrayParameters()
			}

		}
		{
			p.SetState(430)
			p.Match(DParserRBRACKET)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case DParserLPAREN:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(431)
			p.ParameterList()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IArrayParametersContext is an interface to support dynamic dispatch.
type IArrayParametersContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Expr() IExprContext
	ParameterTypeList() IParameterTypeListContext

	// IsArrayParametersContext differentiates from other interfaces.
	IsArrayParametersContext()
}

type ArrayParametersContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyArrayParametersContext() *ArrayParametersContext {
	var p = new(ArrayParametersContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_arrayParameters
	return p
}

func InitEmptyArrayParametersContext(p *ArrayParametersContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_arrayParameters
}

func (*ArrayParametersContext) IsArrayParametersContext() {}

func NewArrayParametersContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ArrayParametersContext {
	var p = new(ArrayParametersContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_arrayParameters

	return p
}

func (s *ArrayParametersContext) GetParser() antlr.Parser { return s.parser }

func (s *ArrayParametersContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ArrayParametersContext) ParameterTypeList() IParameterTypeListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParameterTypeListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParameterTypeListContext)
}

func (s *ArrayParametersContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ArrayParametersContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ArrayParameters() (localctx IArrayParametersContext) {
	localctx = NewArrayParametersContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 70, DParserRULE_arrayParameters)
	p.SetState(436)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 44, p.GetParserRuleContext()) {
	case 1:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(434)
			p.Expr()
		}

	case 2:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(435)
			p.ParameterTypeList()
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IParameterListContext is an interface to support dynamic dispatch.
type IParameterListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LPAREN() antlr.TerminalNode
	RPAREN() antlr.TerminalNode
	ParameterTypeList() IParameterTypeListContext

	// IsParameterListContext differentiates from other interfaces.
	IsParameterListContext()
}

type ParameterListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyParameterListContext() *ParameterListContext {
	var p = new(ParameterListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_parameterList
	return p
}

func InitEmptyParameterListContext(p *ParameterListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_parameterList
}

func (*ParameterListContext) IsParameterListContext() {}

func NewParameterListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ParameterListContext {
	var p = new(ParameterListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_parameterList

	return p
}

func (s *ParameterListContext) GetParser() antlr.Parser { return s.parser }

func (s *ParameterListContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *ParameterListContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

func (s *ParameterListContext) ParameterTypeList() IParameterTypeListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParameterTypeListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParameterTypeListContext)
}

func (s *ParameterListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParameterListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ParameterList() (localctx IParameterListContext) {
	localctx = NewParameterListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 72, DParserRULE_parameterList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(438)
		p.Match(DParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(440)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&288368208925401492) != 0 {
		{
			p.SetState(439)
			p.ParameterTypeList()
		}

	}
	{
		p.SetState(442)
		p.Match(DParserRPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IPointerContext is an interface to support dynamic dispatch.
type IPointerContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllSTAR() []antlr.TerminalNode
	STAR(i int) antlr.TerminalNode
	AllTypeQualifier() []ITypeQualifierContext
	TypeQualifier(i int) ITypeQualifierContext

	// IsPointerContext differentiates from other interfaces.
	IsPointerContext()
}

type PointerContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyPointerContext() *PointerContext {
	var p = new(PointerContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_pointer
	return p
}

func InitEmptyPointerContext(p *PointerContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_pointer
}

func (*PointerContext) IsPointerContext() {}

func NewPointerContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *PointerContext {
	var p = new(PointerContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_pointer

	return p
}

func (s *PointerContext) GetParser() antlr.Parser { return s.parser }

func (s *PointerContext) AllSTAR() []antlr.TerminalNode {
	return s.GetTokens(DParserSTAR)
}

func (s *PointerContext) STAR(i int) antlr.TerminalNode {
	return s.GetToken(DParserSTAR, i)
}

func (s *PointerContext) AllTypeQualifier() []ITypeQualifierContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypeQualifierContext); ok {
			len++
		}
	}

	tst := make([]ITypeQualifierContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypeQualifierContext); ok {
			tst[i] = t.(ITypeQualifierContext)
			i++
		}
	}

	return tst
}

func (s *PointerContext) TypeQualifier(i int) ITypeQualifierContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeQualifierContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeQualifierContext)
}

func (s *PointerContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PointerContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) Pointer() (localctx IPointerContext) {
	localctx = NewPointerContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 74, DParserRULE_pointer)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(451)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for ok := true; ok; ok = _la == DParserSTAR {
		{
			p.SetState(444)
			p.Match(DParserSTAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(448)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&70369281048832) != 0 {
			{
				p.SetState(445)
				p.TypeQualifier()
			}

			p.SetState(450)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

		p.SetState(453)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IParameterTypeListContext is an interface to support dynamic dispatch.
type IParameterTypeListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllParameterDeclaration() []IParameterDeclarationContext
	ParameterDeclaration(i int) IParameterDeclarationContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode
	ELLIPSIS() antlr.TerminalNode

	// IsParameterTypeListContext differentiates from other interfaces.
	IsParameterTypeListContext()
}

type ParameterTypeListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyParameterTypeListContext() *ParameterTypeListContext {
	var p = new(ParameterTypeListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_parameterTypeList
	return p
}

func InitEmptyParameterTypeListContext(p *ParameterTypeListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_parameterTypeList
}

func (*ParameterTypeListContext) IsParameterTypeListContext() {}

func NewParameterTypeListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ParameterTypeListContext {
	var p = new(ParameterTypeListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_parameterTypeList

	return p
}

func (s *ParameterTypeListContext) GetParser() antlr.Parser { return s.parser }

func (s *ParameterTypeListContext) AllParameterDeclaration() []IParameterDeclarationContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IParameterDeclarationContext); ok {
			len++
		}
	}

	tst := make([]IParameterDeclarationContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IParameterDeclarationContext); ok {
			tst[i] = t.(IParameterDeclarationContext)
			i++
		}
	}

	return tst
}

func (s *ParameterTypeListContext) ParameterDeclaration(i int) IParameterDeclarationContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParameterDeclarationContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParameterDeclarationContext)
}

func (s *ParameterTypeListContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(DParserCOMMA)
}

func (s *ParameterTypeListContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(DParserCOMMA, i)
}

func (s *ParameterTypeListContext) ELLIPSIS() antlr.TerminalNode {
	return s.GetToken(DParserELLIPSIS, 0)
}

func (s *ParameterTypeListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParameterTypeListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ParameterTypeList() (localctx IParameterTypeListContext) {
	localctx = NewParameterTypeListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 76, DParserRULE_parameterTypeList)
	var _la int

	var _alt int

	p.SetState(468)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserTYPE_NAME, DParserAUTO, DParserCHAR, DParserCONST, DParserDOUBLE, DParserENUM, DParserEXTERN, DParserFLOAT, DParserINT, DParserLONG, DParserREGISTER, DParserRESTRICT, DParserSELF, DParserSHORT, DParserSIGNED, DParserSTATIC, DParserSTRING, DParserSTRUCT, DParserTHIS, DParserTYPEDEF, DParserUNION, DParserUNSIGNED, DParserVOID, DParserVOLATILE:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(455)
			p.ParameterDeclaration()
		}
		p.SetState(460)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 48, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
		for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
			if _alt == 1 {
				{
					p.SetState(456)
					p.Match(DParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(457)
					p.ParameterDeclaration()
				}

			}
			p.SetState(462)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 48, p.GetParserRuleContext())
			if p.HasError() {
				goto errorExit
			}
		}
		p.SetState(465)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == DParserCOMMA {
			{
				p.SetState(463)
				p.Match(DParserCOMMA)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(464)
				p.Match(DParserELLIPSIS)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}

	case DParserELLIPSIS:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(467)
			p.Match(DParserELLIPSIS)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IParameterDeclarationContext is an interface to support dynamic dispatch.
type IParameterDeclarationContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	DeclarationSpecifiers() IDeclarationSpecifiersContext
	Declarator() IDeclaratorContext
	AbstractDeclarator() IAbstractDeclaratorContext

	// IsParameterDeclarationContext differentiates from other interfaces.
	IsParameterDeclarationContext()
}

type ParameterDeclarationContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyParameterDeclarationContext() *ParameterDeclarationContext {
	var p = new(ParameterDeclarationContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_parameterDeclaration
	return p
}

func InitEmptyParameterDeclarationContext(p *ParameterDeclarationContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_parameterDeclaration
}

func (*ParameterDeclarationContext) IsParameterDeclarationContext() {}

func NewParameterDeclarationContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ParameterDeclarationContext {
	var p = new(ParameterDeclarationContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_parameterDeclaration

	return p
}

func (s *ParameterDeclarationContext) GetParser() antlr.Parser { return s.parser }

func (s *ParameterDeclarationContext) DeclarationSpecifiers() IDeclarationSpecifiersContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclarationSpecifiersContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclarationSpecifiersContext)
}

func (s *ParameterDeclarationContext) Declarator() IDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclaratorContext)
}

func (s *ParameterDeclarationContext) AbstractDeclarator() IAbstractDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAbstractDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAbstractDeclaratorContext)
}

func (s *ParameterDeclarationContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParameterDeclarationContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) ParameterDeclaration() (localctx IParameterDeclarationContext) {
	localctx = NewParameterDeclarationContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 78, DParserRULE_parameterDeclaration)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(470)
		p.DeclarationSpecifiers()
	}
	p.SetState(473)
	p.GetErrorHandler().Sync(p)

	if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 51, p.GetParserRuleContext()) == 1 {
		{
			p.SetState(471)
			p.Declarator()
		}

	} else if p.HasError() { // JIM
		goto errorExit
	} else if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 51, p.GetParserRuleContext()) == 2 {
		{
			p.SetState(472)
			p.AbstractDeclarator()
		}

	} else if p.HasError() { // JIM
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// ITypeNameContext is an interface to support dynamic dispatch.
type ITypeNameContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	SpecifierQualifierList() ISpecifierQualifierListContext
	AbstractDeclarator() IAbstractDeclaratorContext

	// IsTypeNameContext differentiates from other interfaces.
	IsTypeNameContext()
}

type TypeNameContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTypeNameContext() *TypeNameContext {
	var p = new(TypeNameContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_typeName
	return p
}

func InitEmptyTypeNameContext(p *TypeNameContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_typeName
}

func (*TypeNameContext) IsTypeNameContext() {}

func NewTypeNameContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TypeNameContext {
	var p = new(TypeNameContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_typeName

	return p
}

func (s *TypeNameContext) GetParser() antlr.Parser { return s.parser }

func (s *TypeNameContext) SpecifierQualifierList() ISpecifierQualifierListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ISpecifierQualifierListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ISpecifierQualifierListContext)
}

func (s *TypeNameContext) AbstractDeclarator() IAbstractDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAbstractDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAbstractDeclaratorContext)
}

func (s *TypeNameContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TypeNameContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) TypeName() (localctx ITypeNameContext) {
	localctx = NewTypeNameContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 80, DParserRULE_typeName)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(475)
		p.SpecifierQualifierList()
	}
	p.SetState(477)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if (int64((_la-82)) & ^0x3f) == 0 && ((int64(1)<<(_la-82))&16389) != 0 {
		{
			p.SetState(476)
			p.AbstractDeclarator()
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IAbstractDeclaratorContext is an interface to support dynamic dispatch.
type IAbstractDeclaratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Pointer() IPointerContext
	DirectAbstractDeclarator() IDirectAbstractDeclaratorContext

	// IsAbstractDeclaratorContext differentiates from other interfaces.
	IsAbstractDeclaratorContext()
}

type AbstractDeclaratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyAbstractDeclaratorContext() *AbstractDeclaratorContext {
	var p = new(AbstractDeclaratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_abstractDeclarator
	return p
}

func InitEmptyAbstractDeclaratorContext(p *AbstractDeclaratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_abstractDeclarator
}

func (*AbstractDeclaratorContext) IsAbstractDeclaratorContext() {}

func NewAbstractDeclaratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *AbstractDeclaratorContext {
	var p = new(AbstractDeclaratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_abstractDeclarator

	return p
}

func (s *AbstractDeclaratorContext) GetParser() antlr.Parser { return s.parser }

func (s *AbstractDeclaratorContext) Pointer() IPointerContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPointerContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPointerContext)
}

func (s *AbstractDeclaratorContext) DirectAbstractDeclarator() IDirectAbstractDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDirectAbstractDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDirectAbstractDeclaratorContext)
}

func (s *AbstractDeclaratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AbstractDeclaratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) AbstractDeclarator() (localctx IAbstractDeclaratorContext) {
	localctx = NewAbstractDeclaratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 82, DParserRULE_abstractDeclarator)
	var _la int

	p.SetState(484)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case DParserSTAR:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(479)
			p.Pointer()
		}
		p.SetState(481)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == DParserLPAREN || _la == DParserLBRACKET {
			{
				p.SetState(480)
				p.DirectAbstractDeclarator()
			}

		}

	case DParserLPAREN, DParserLBRACKET:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(483)
			p.DirectAbstractDeclarator()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

// IDirectAbstractDeclaratorContext is an interface to support dynamic dispatch.
type IDirectAbstractDeclaratorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LPAREN() antlr.TerminalNode
	AbstractDeclarator() IAbstractDeclaratorContext
	RPAREN() antlr.TerminalNode
	AllDeclaratorSuffix() []IDeclaratorSuffixContext
	DeclaratorSuffix(i int) IDeclaratorSuffixContext

	// IsDirectAbstractDeclaratorContext differentiates from other interfaces.
	IsDirectAbstractDeclaratorContext()
}

type DirectAbstractDeclaratorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyDirectAbstractDeclaratorContext() *DirectAbstractDeclaratorContext {
	var p = new(DirectAbstractDeclaratorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_directAbstractDeclarator
	return p
}

func InitEmptyDirectAbstractDeclaratorContext(p *DirectAbstractDeclaratorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = DParserRULE_directAbstractDeclarator
}

func (*DirectAbstractDeclaratorContext) IsDirectAbstractDeclaratorContext() {}

func NewDirectAbstractDeclaratorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *DirectAbstractDeclaratorContext {
	var p = new(DirectAbstractDeclaratorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = DParserRULE_directAbstractDeclarator

	return p
}

func (s *DirectAbstractDeclaratorContext) GetParser() antlr.Parser { return s.parser }

func (s *DirectAbstractDeclaratorContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(DParserLPAREN, 0)
}

func (s *DirectAbstractDeclaratorContext) AbstractDeclarator() IAbstractDeclaratorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAbstractDeclaratorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAbstractDeclaratorContext)
}

func (s *DirectAbstractDeclaratorContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(DParserRPAREN, 0)
}

func (s *DirectAbstractDeclaratorContext) AllDeclaratorSuffix() []IDeclaratorSuffixContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IDeclaratorSuffixContext); ok {
			len++
		}
	}

	tst := make([]IDeclaratorSuffixContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IDeclaratorSuffixContext); ok {
			tst[i] = t.(IDeclaratorSuffixContext)
			i++
		}
	}

	return tst
}

func (s *DirectAbstractDeclaratorContext) DeclaratorSuffix(i int) IDeclaratorSuffixContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDeclaratorSuffixContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDeclaratorSuffixContext)
}

func (s *DirectAbstractDeclaratorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DirectAbstractDeclaratorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (p *DParser) DirectAbstractDeclarator() (localctx IDirectAbstractDeclaratorContext) {
	localctx = NewDirectAbstractDeclaratorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 84, DParserRULE_directAbstractDeclarator)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(491)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 55, p.GetParserRuleContext()) {
	case 1:
		{
			p.SetState(486)
			p.Match(DParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(487)
			p.AbstractDeclarator()
		}
		{
			p.SetState(488)
			p.Match(DParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case 2:
		{
			p.SetState(490)
			p.DeclaratorSuffix()
		}

	case antlr.ATNInvalidAltNumber:
		goto errorExit
	}
	p.SetState(496)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == DParserLPAREN || _la == DParserLBRACKET {
		{
			p.SetState(493)
			p.DeclaratorSuffix()
		}

		p.SetState(498)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	if false {
		goto errorExit // keeps the label used
	}
	return localctx
}

func (p *DParser) Sempred(localctx antlr.RuleContext, ruleIndex, predIndex int) bool {
	switch ruleIndex {
	case 12:
		var t *UnaryExprContext = nil
		if localctx != nil {
			t = localctx.(*UnaryExprContext)
		}
		return p.UnaryExpr_Sempred(t, predIndex)

	default:
		panic("No predicate with index: " + fmt.Sprint(ruleIndex))
	}
}

func (p *DParser) UnaryExpr_Sempred(localctx antlr.RuleContext, predIndex int) bool {
	switch predIndex {
	case 0:
		return p.Precpred(p.GetParserRuleContext(), 10)

	case 1:
		return p.Precpred(p.GetParserRuleContext(), 9)

	case 2:
		return p.Precpred(p.GetParserRuleContext(), 8)

	case 3:
		return p.Precpred(p.GetParserRuleContext(), 7)

	default:
		panic("No predicate with index: " + fmt.Sprint(predIndex))
	}
}
