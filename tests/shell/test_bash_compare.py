"""The same lines through real bash (in a temp dir holding the same files) and through ``Shell``
(over a MemoryFs): stdout and exit status must agree. Relative paths only, so the two trees are
the same from where each shell stands. stderr must agree too once bash's ``-c`` location
(``bash: line 1:``, and the bad line it quotes after a syntax error) is taken out. Skipped where /usr/bin/bash is missing."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from worldgen.shell.interp import Session, Shell
from worldgen.shell.memfs import MemoryFs

BASH = shutil.which("bash") or "/usr/bin/bash"
pytestmark = pytest.mark.skipif(not os.path.exists(BASH), reason="bash is not installed")

FILES = {
    "a.txt": "alpha\nbeta\n",
    "b.txt": "gamma",
    "blanks.txt": "one\n\n\n\ntwo\n\n",
    "empty": "",
    ".hidden": "h\n",
    "sub/inner.txt": "inner\n",
    "sub/deeper/x.log": "x\n",
    "tabs.txt": "a\tb\n",
    "kv.conf": "name=web\nport=80\n",
    "u.txt": "h\u00e9llo w\u00f6rld \u2014 \u201cquoted\u201d\nna\u00efve caf\u00e9\n",
}

LINES = [
    # echo
    "echo a  b", "echo 'a  b' \"c\"", "echo -n x", r'echo -e "a\tb\x41\0101"', r'echo -e "x\cy"', "echo -neE a",
    "echo -- -n", "echo -nx", r"echo 'a\nb'",
    # printf
    r"printf '%s|%5s|%-5s|%.2s\n' a b c def", r"printf '%d %i %x %X %o %u\n' 42 -7 255 255 8 3",
    r"printf '%05d|%-4d|%+d|% d\n' 42 7 5 5", r"printf '%s\n' a b c", r"printf '%d\n' x; echo $?",
    r"printf '%c%c\n' hello world", r"printf '%b\n' 'a\tb\101'", r"printf '%%\n'",
    r"printf '%.3f %e %g\n' 3.14159 1234.5 0.0001", r"printf 'a\101\n'", r"printf '%s=%s\n' k",
    r"printf '%*d|%-*s|\n' 5 42 3 x", r"printf '%#x %#o %#x\n' 255 8 0", r"printf '%d %d\n' 0x1f 010 \'A",
    r"printf '%d\n' 12abc; echo $?", r"printf 'x%'; echo $?", r"printf '%5.1s|\n' abc", "printf", r"printf 'a\qb\n'",
    # test and [
    "[ -f a.txt ] && echo y", "[ -d sub ]; echo $?", "test -z '' && echo empty", "[ 3 -lt 10 ]; echo $?",
    "[ abc = abc -a 1 -eq 1 ]; echo $?", "[ ! -e nope ]; echo $?", "test a = b -o c = c; echo $?",
    "[ -s empty ]; echo $?", "[ -s a.txt ]; echo $?", "[ 1 -eq x ]; echo $?", "[ -n ]; echo $?", "[ ]; echo $?",
    "[ = = = ]; echo $?", "[ a != b ]; echo $?", "[ -f sub ]; echo $?", "[ 1 -eq 1; echo $?", "test x y; echo $?",
    "[ '(' a = a ')' ]; echo $?", "[ -x sub ]; echo $?",
    # cat
    "cat a.txt b.txt", "cat -n a.txt b.txt", "cat nope a.txt; echo $?", "cat -E a.txt", "cat -s blanks.txt",
    "cat -b blanks.txt", "cat -ns blanks.txt", "cat sub; echo $?", "echo x | cat - a.txt", "cat < a.txt", "cat -T tabs.txt",
    "cat -A tabs.txt", "cat -z a.txt; echo $?", "cat --bogus; echo $?",
    "./cat a.txt; echo $?", "/nonexistent/cat a.txt; echo $?", "/usr/bin/cat a.txt", "./a.txt; echo $?",
    # expansion
    "echo *.txt", "echo .*", "echo sub/*", "echo */*/*.log", "echo *.nope", "echo [ab].txt", "echo [!a]*.txt", "echo ?.txt",
    "echo '*'.txt", 'X="a  b"; echo $X "$X"', "echo ${U:-def} ${U-d2} ${U:+no}", "E=; echo ${E:-e1} ${E-e2}|",
    "A=1; echo ${#A} ${A:+yes}", "E=; echo ${E:-e1} ${E-e2}", 'X="*.txt"; echo $X "$X"', "echo a\\ b 'c'\"d\"", "echo $'t\\tx'",
    "e=; echo $e $e x", "echo \"$\" '$' $", "echo */",
    # redirections
    "echo hi > out; cat out", "echo 1 > f; echo 2 >> f; cat f", "cat nope 2>&1 | cat -n", "cat a.txt nope 2>/dev/null; echo $?",
    "cat a.txt nope > o 2>&1; cat o", "cat a.txt nope 2>&1 > o; cat o", "A=5; cat <<EOF\nv=$A ${A}\nEOF",
    "cat <<'EOF'\n$A\nEOF", "cat <<-EOF\n\tx\n\tEOF", "echo x >&2", "echo hi > sub; echo $?", "echo hi > nope/x; echo $?",
    "cat < nope; echo $?", "> made; cat made; echo $?", "echo a >/dev/null; echo $?", "cat <<EOF | cat -n\nl1\nl2\nEOF",
    # lists, statuses, lookup
    "false && echo a || echo b", "true; false; echo $?", "! true; echo $?", "! false; echo $?", "false | true; echo $?",
    "cd sub && cat inner.txt", "cd nope; echo $?", "cd a.txt; echo $?", "cd sub/deeper && cat ../inner.txt",
    "nope; echo $?", "./nope; echo $?", ": ; echo $?", "export A=1; echo $A", "A=1; unset A; echo \"[$A]\"",
    "type cd echo if", "type -t cd echo", "type set read; type -t umask", "exit 3", "exit 300", "exit x", "exit 9223372036854775807", "exit 9223372036854775808",
    "exit -9223372036854775809", "echo hi 2>&99999; echo $?", "echo hi >&12; echo $?", "echo hi 2>&007; echo $?", "echo hi >&01", "A=1 B=2; echo $A$B",
    "cd sub | cat; cat inner.txt; echo $?", "true && false; echo $?",
    # numbers past any C integer, up to past Python's 4,300-digit conversion: huge, or GNU's own error
    *(line.replace("N", n) for n in ("9" * 25, "9" * 5000) for line in (
        "head -n N a.txt; echo $?", "tail -n +N a.txt; echo $?", "printf '%d %d\\n' N -N", "test N -eq 1; echo $?",
        "[ 1 -lt -N ]; echo $?", "sed -n 'Np;1~Np;1,+Np' a.txt", "sed Nq a.txt", "echo aaa | sed 's/a/b/N'",
        "grep -m N -A N -C N a a.txt", "nl -w N a.txt; nl -v N a.txt; nl -i N a.txt; echo $?", "cut -f 1-N a.txt; echo $?",
        "cut -c N a.txt; echo $?", "uniq -w N -s N -f N a.txt", "sort -k N -k 1.N a.txt", "echo abc | tr a '[b*N]'",
        "stat -c '%Nn|%.Nn|%n' a.txt")),
    "echo abc | tr a '[b*999999999]'", "echo abc | tr a '[b*18446744073709551614]' '[c*18446744073709551615]'",
    "echo a b | uniq -f 99999999999", "cut -f 18446744073709551614 a.txt; cut -f 18446744073709551615 a.txt",
    "head -n 18446744073709551615 a.txt; head -n 18446744073709551616 a.txt", "nl -v -9223372036854775809 a.txt",
    "nl -w 2147483648 a.txt", "[ 9223372036854775807 -gt 9223372036854775808 ]; echo $?",
    "test " + "! " * 5000 + "x; echo $?", "[ " + "! " * 4999 + "'' ]; echo $?", "find . " + "! " * 5000 + "-name a.txt",
    "find . " + "-not " * 4999 + "-name '*.txt' -type f | sort",
    # syntax errors
    "echo a |", "| echo", "echo a ;; b", "echo >", 'echo "abc', "echo 'abc", "echo ) x",
    # ${NAME%pattern} and friends
    'f=app.log; echo ${f%.log} ${f%.*} ${f#*.} ${f%%p*} ${f##*p}',
    'p=/var/log/app/x.tar.gz; echo ${p##*/} ${p%/*} ${p%%.*} ${p%.*} ${p#*.} ${p##*.}',
    'f=a.log; echo "${f%.log}" "${f%\'.log\'}" "${f%"*"}" ${f%x}',
    'x=\'a*b\'; echo ${x%\'*\'b} ${x#a\\*} "${x%\\*b}"',
    'e=; echo [${e%x}] [${u%%*}] [${u#}]',
    'f=report.txt; s=.txt; echo ${f%$s} ${f%"$s"}',
    'f=aaa; echo ${f#a*} ${f##a*} ${f%a*} ${f%%a*}',
    'f=abc; echo ${f#[ab]} ${f%[!c]} ${f##?}',
    'for f in a.log b.log; do echo ${f%.log}; done',
    "for f in *.txt; do echo ${f%.txt}; done",
    # command substitution (shell/substitution.py)
    'for f in *.txt; do echo "${f%.txt} $(wc -l < $f)"; done', "echo $(ls)", 'echo "$(ls)"', "X=$(cat a.txt | wc -l); echo $X",
    "echo $(echo a; echo b)x", "echo [$(true)]", "X=$(false); echo $?", "X=$(true); echo $?", 'echo $(echo ")"  )',
    'echo "$(echo "inner $(echo deep)")"', "echo $(cd sub; ls); ls", "echo $(nope) x", "cat $(echo a.txt)",
    "echo $(echo *.txt)", 'echo "$(printf "a\\n\\n\\n")"|', "echo $(echo $(echo $(echo nest)))", "echo $(echo 'a  b')",
    "for f in $(ls *.txt); do echo [$f]; done", "echo $(", "n=$(grep -c a a.txt) && echo n=$n", "echo $(X=1; echo $X) [$X]",
    'echo "a$(echo b)c"', "echo $(cat nope 2>&1)", "echo '$(echo x)'",
    # while, until and read (shell/compound.py, builtins/read.py)
    'while read l; do echo "<$l>"; done < a.txt',
    'while read l; do echo "<$l>"; done < b.txt',
    'grep ERROR a.txt | while read level msg; do echo "$msg"; done',
    'while IFS== read k v; do echo "$k -> $v"; done < kv.conf',
    'n=0; while read l; do n=$((n+1)); done < a.txt; echo $n',
    'i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done',
    'i=0; until [ $i -ge 2 ]; do echo u$i; i=$((i+1)); done; echo $?',
    'while false; do echo never; done; echo $?',
    'read x < kv.conf; echo "$x"',
    'echo "a b" | read x y; echo "[$x]"',
    'while read l; do if [ "$l" = ok ]; then echo found; fi; done < a.txt',
    'while read -r l; do echo "$l"; done <<EOF\na\\tb\nc\nEOF',
    'for f in *.txt; do while read l; do echo "$f: $l"; done < $f; done',
    'while read 1x; do :; done < a.txt; echo $?',
    'while; do :; done',
    'type read; which read; echo $?',
    'read < kv.conf; echo "[$REPLY]"',
    'cat a.txt | while read a b; do echo "$b"; done | sort | uniq -c',
    # if (shell/compound.py)
    "if [ -f a.txt ]; then echo yes; fi", "if [ -f nope ]; then echo yes; else echo no; fi; echo $?",
    "if false; then echo a; elif true; then echo b; else echo c; fi", "if false; then echo a; fi; echo $?",
    'for f in *.txt; do if grep -q a $f; then echo "$f has a"; else echo "$f no a"; fi; done',
    "if grep -q beta a.txt; then echo found; fi > out.txt; cat out.txt", "if true; then false; fi; echo $?",
    "if true\nthen\n  echo multi\nfi", "if true; then fi", "if true; echo x; fi", "if true; then echo x", "fi", "then",
    "if [ $(grep -c a a.txt) -gt 1 ]; then echo many; fi", "if true; then echo a; fi | cat -n", "else",
    "if ! grep -q zzz a.txt; then echo absent; fi", "if true && false; then echo t; else echo f; fi",
    "if if true; then true; fi; then echo nested; fi", "if true; then echo a; else fi", "if cat nope; then :; fi 2>&1",
    # arithmetic (shell/arith.py)
    "echo $((1+2))", "X=3; echo $((X**2)) $((-7/2)) $((-7%2)) $((0x10 + 010)) $((2**63)) $((9223372036854775807+1))",
    "echo $((5>3 && 2<1)) $(( (1+2)*3 )) $((3?4:5)) $((~5)) $((1<<4)) $((Y+1))", 'X="1+2"; echo $((X*2))',
    "echo $((1/0)); echo after", "x=$((1/0)); echo after $?", "echo $((1+)); echo after", "echo ok; echo $((2/0))",
    "n=0; for f in *.txt; do n=$((n + $(wc -l < $f))); done; echo $n", 'echo "$(( $(wc -l < a.txt) * 10 ))"',
    "i=5; echo $(($i+1)) $((${i}*2))", "echo $(( 10 % 3 )) $((10/3))", "echo $((", "echo $((1+2)",
    "cat <<EOF\n$((6*7))\nEOF", "echo $((09))", "for i in 1 2 3; do echo $((i*i)); done | tail -n 1",
    "for i in 1 2; do echo a$i; echo $((1/0)); done; echo after", "for i in 1 2; do echo a$i; echo $((1/0)); done | cat; echo after $?",
    "echo x$(echo b; echo $((1/0)); echo c) after; echo next", "for i in 1 2; do echo a$i; echo $((1/0)); done > o1; echo after; cat o1",
    "echo $((1/0)) | cat; echo after $?", "if true; then echo in; echo $((1/0)); fi; echo after",
    "echo $(( 1 / 0 ))", "x=; echo $(( 2 + $x ))", "echo $((  3 + ))", "echo $(( 1 @ 2 ))", "echo $(( (1 + 2 ))",
    "echo $(( 1 ? 2 ))", "echo $(( 2 ** -1 ))", "echo $(( 1 2 ))", "n=0; echo $((n + $(wc -l < nope)))",
    "case x in x) echo in; echo $((1+)); esac; echo after", "echo a | while read l; do echo $l; echo $((1/0)); done | cat -n",
    # for loops (shell/compound.py)
    "for f in *.txt; do echo $f; wc -l < $f; done", "for f in a b c; do echo $f; done | sort -r",
    "for f in *.txt; do cat $f; done > all; cat all", "for x in 1 2; do for y in a b; do echo $x$y; done; done",
    "for x in; do echo no; done; echo $?", "for 1 in a; do echo x; done; echo $?", "for x in a b; do done",
    "for x in a b; do echo $x", "for x in a b do echo $x; done", "for x in a b; do nope; done; echo $?",
    "for x in a b\ndo\n  echo $x\ndone", "for x in a b; do :; done; echo $x", "for f in sub/*; do echo $f; done",
    "for f in *.nope; do echo $f; done", "for f in a.txt nope; do cat $f 2>/dev/null || echo missing $f; done",
    "for x in a b; do echo $x >&2; done 2>&1 | cat -n", "for x in 1 2 3; do echo $x >> counted; done; cat counted",
    "for x in 'a b' c; do echo [$x]; done", "X='1 2'; for x in $X; do echo $x; done", "for x in a; do false; done; echo $?",
    "for x in a b; do echo $x; done && echo ok", "for do in a; do echo $do; done", "for x in a; do echo $x; done; done",
    # case (shell/compound.py)
    "case abc in a*) echo A;; *) echo other;; esac", "case x.log in *.txt|*.log) echo log;; esac; echo $?",
    'case "a b" in "a b") echo quoted;; esac', "f=sub/x.log; case $f in */x.*) echo path ;; esac",
    "case zz in a) echo a;; esac; echo $?", "case z in (z) echo paren;; esac", "case q in q) false;; esac; echo $?",
    "case q in q) ;; esac; echo $?", "case x in a) echo a; esac", "case x in [a-z]) echo class;; esac",
    'for f in a.log b.txt c; do case $f in *.log) echo "L $f";; *.txt) echo "T $f";; *) echo "? $f";; esac; done',
    'case "*" in "*") echo star;; esac; case x in "*") echo no;; *) echo yes;; esac', 'case abc in "a"*) echo mixed;; esac',
    "case .hidden in *hidden) echo dot;; esac", "case x in\n  a) echo a ;;\n  x) echo multi\n     echo line ;;\nesac",
    "case x in x) echo out;; esac > out; cat out", "echo piped | case x in x) cat;; esac",
    'P="a*"; case abc in $P) echo glob;; esac; case abc in "$P") echo lit;; esac', "case $(echo b) in b) echo subst;; esac",
    "case x in x) echo a;; x) echo b;; esac", "case x in esac; echo $?", "case x in x) echo a esac", "esac",
    "case x in x echo;; esac", "case x in x) echo a;; y) echo b", "echo a;; echo b",
    "case 5 in [0-9]) echo digit;; esac", "case ab in ?) echo one;; ??) echo two;; esac", "case x; in x) echo;; esac",
    "while read k; do case $k in name=*) echo ${k#name=};; esac; done < kv.conf", "case in in in) echo in;; esac",
    "case x in x|) echo;; esac", "case a in a) case b in b) echo nested;; esac;; esac", "echo a)",
    "[ ( 1 ) ]", "echo a (b)", "x=1 (echo)", "echo (",
    # PATH (a tool lives in /usr/bin)
    "PATH=/tmp ls; echo $?", "export PATH=; echo hi; ls; echo $?", "PATH=/nonexistent; cd sub && echo in; printf 'x\\n'; [ 1 ] && echo b; env",
    "PATH=/usr/bin:/tmp; ls a.txt", "PATH=/bin; cat a.txt",
    # backquotes (shell/substitution.py)
    "echo `echo hi`", 'echo "n=`wc -l < a.txt`"', "for f in `ls *.txt`; do echo [$f]; done", "echo `echo \\`echo nest\\``",
    "X=`cat b.txt`; echo $X", "echo `echo '$HOME'`", 'echo "`echo "q"`"', "echo `", "echo `false`; echo $?",
    "cat <<EOF\n`echo in-heredoc`\nEOF", "echo `echo a; echo b`", "echo '`not`' \\`x",
    'echo $(< a.txt)', 'echo "$(< a.txt)"', "X=$(< nope); echo $? [$X]", "echo $(<kv.conf) $(< sub/inner.txt)", "echo $(< sub)",
    'f=a.txt; echo "$(< $f)"',
    # writes past a mebibyte are whole
    "seq 200000 > big; echo $?; wc -lc big; tail -c 7 big",
    # brace expansion (shell/braces.py)
    "echo a{b,c}d {1..5} {05..1..2} {a..e} x{,} {a} {} {a,b,}", "echo {a,b}{1,2} {a,{b,c}}d {x{a,b} '{a,b}' \\{a,b\\}",
    'X=v; echo {"a b",c} {$X,x}', "for i in {1..3}; do echo $i; done", "cp a.txt{,.bak}; ls", "{echo,hi}", "x={a,b}; echo $x",
    "echo hi > {a,b}; echo $?", "mkdir -p t/{x,y}/z; find t | sort", "echo {1..a} {a..}",
    # ( ... ) and { ...; } (shell/groups.py)
    "(cd sub && ls); ls a.txt", "x=1; (x=2; echo $x); echo $x", "{ echo a; echo b; } > g; cat g", "{ cd sub; }; ls",
    "(echo a; echo b >&2) 2>&1 | wc -l", "echo x | (read l; echo got $l)", "(exit 3); echo $?", "(false) || echo failed",
    "(echo $((1/0)); echo never); echo after $?", "{ echo a }", "}", "()", "(echo a) echo b", ">f (echo)", "( echo a ; ) | tr a b",
    "{ echo out; echo err >&2; } 2>/dev/null", "(cd /nonexistent); echo $?", "{ false; }; echo $?", "{ echo a; } | { cat; }",
    "( (echo nested) )", "if true; then (echo in); fi",
    # [[ ]] (shell/conditional.py)
    "[[ -f a.txt && abc == a* ]]; echo $?", '[[ "abc" == "a*" ]]; echo $?', 'x="a b"; [[ $x == "a b" ]]; echo $?',
    "[[ abc =~ ^a(b)c$ ]]; echo $? $BASH_REMATCH", "[[ 10 -lt 9 ]]; echo $?", "[[ 1+1 -eq 2 ]]; echo $?", "[[ b > a ]]; echo $?",
    '[[ -z "" ]]; echo $?', "[[ ! -d /nope ]]; echo $?", "[[ ( a == a ) || b == c ]]; echo $?", "[[ x ]]; echo $?",
    '[[ "" ]]; echo $?', '[[ abc =~ "a.c" ]]; echo $?', '[[ a.c =~ "a.c" ]]; echo $?', "[[ 08 -eq 8 ]]; echo $?",
    "[[ abc =~ [ ]]; echo $?", "[[ a == ]]", "[[ -f ]]", "[[ a -eq b ]]; echo $?", "[[ a b ]]", "[[ x = y ]] && echo y || echo n",
    "if [[ -d sub ]]; then echo dir; fi", "echo [[ x ]]", "for f in *.txt; do [[ $f == a* ]] && echo $f; done",
    "[[ -v HOME ]] && echo set", "x=5; [[ $x -gt 3 && $x -lt 10 ]] && echo in", '[[ $undefined == "" ]]; echo $?',
    "! [[ a == b ]]; echo $?", "[[ a<b ]]; echo $?", "[[ a ]] > out.txt; echo $?; cat out.txt", "[[ -s empty || -s a.txt ]]; echo $?",
    "[[ a && ]]", "[[ ]]", "[[ ( ]]", "[[ a == b c ]]", "[[ -f a b ]]", "[[ && a ]]", "[[ a ) ]]", "[[ < a ]]", "[[ a == b; ]]",
    "[[ ( a ]]", "[[ a =~ ]]", "false; [[ a b ]]",
    # ${NAME/PATTERN/STRING}, ${NAME:OFFSET:LENGTH}, ${NAME^^} (shell/param_ops.py)
    "x=abcabc; echo ${x/b/[&]} \"${x/b/[&]}\" ${x//b/\\&} ${x/b/\"&\"} ${x//b} ${x/#a/X} ${x/%c/X} ${x/#b/X} ${x//[ac]/.}",
    'x=abcabc; echo ${x/b*/Z} "${x//a*c/Q}" ${x:1} ${x:1:2} ${x: -2} ${x:(-2):1} ${x:10} ${x:1:-1} ${x^} ${x^^} ${x,} X${x:2:0}X',
    'y=ABC; echo ${y,,} ${y,}; x=abcabc; p="b*"; echo ${x/$p/P} ${x/"$p"/P}; echo ${x/} ${x//*/Z} ${x/?/}; echo "${x/b/ }"',
    "e=; echo ${e/a/b}x ${u/a/b}x; x=abc; echo ${x:a} ${x:1+1:1} ${x:-1} ${x: 7:2}x",
    "f=report.final.log; echo ${f/.log/.txt} ${f//./_} ${f^^} ${f:0:6} ${f: -3}; p=/a/b/c; echo ${p//\\//:} \"${p/\\/a/}\"",
    "x=abc; echo ${x:1:-5}; echo never", "x=hello; echo ${x^^[lo]} ${x,,[H]} ${x^[h]}",
    'for f in *.txt; do echo "${f%.txt}: ${f^}"; done', "x=$(cat a.txt); echo \"${x//$'\\n'/,}\"",
    # arithmetic assignments, (( )), for (( )), let (shell/arith.py, shell/arith_command.py)
    "echo $((1--1)) $((x=5)) $x $((x+=2)) $((x++)) $x $((++x)) $((x--)) $((--x)) $x; echo $((y=2, y*3)) $y",
    "echo $((a=b=3)) $a $b; echo $((0 && (z=1))) z=$z; echo $((1 ? (w=4) : 5)) $w; echo $((5 = 3))",
    "echo $((x = 1/0))", "x=abc; echo $((x++)) $x", "echo $((x**=2))", "echo $((x+=1)) | cat; echo x=$x",
    "((1/0)); echo next $?; ((x=5)); echo $x $?; ((0)); echo $?; (( y = x * 2 )); echo $y; ((x++)); echo $x",
    "(( x < 10 )) && echo lt; ((a b)); echo st $?; i=0; while ((i<3)); do echo $i; ((i++)); done; ((  )); echo empty $?",
    "echo ((a))", "((echo hi))", "((echo a) | cat)", "for ((i=0;i<3;i++)); do echo $i; done",
    "for ((i=0; i<10; i+=3)); do echo $i; done; echo $i", "for ((;;)); do break; done; echo ok",
    "for ((i=0;i<5;i++)); do ((i==2)) && continue; ((i==4)) && break; echo $i; done", "for ((i=0;i<3;i++))",
    "for ((i=0;i<3;i++))\ndo echo $i; done", "for ((i=0;i<2;i++)) do echo $i; done", "for ((i=0;i<2)); do echo; done", "for ((a;b;c;d)); do echo; done",
    "let x=3+4 y=x*2; echo $x $y $?; let 0; echo $?; let; echo $?", 'let "a = 1 + 2"; echo $a; let a++; echo $a',
    "n=0; for f in *.txt; do ((n++)); done; echo $n", "((x=1)) > out.txt; echo $?; cat out.txt", "type let break",
    # break and continue (shell/loop_control.py)
    "for i in 1 2; do for j in a b; do echo $i$j; break 2; done; done", "for i in 1 2; do break 0; done; echo $?",
    "for i in 1 2; do echo $i; break 5; done; echo $?", "for i in 1 2; do (break); echo sub$i; done",
    "for i in 1 2; do echo $(break; echo x)$i; done", "for i in 1 2; do echo $i | while read l; do break; done; echo after$i; done",
    "while true; do if true; then echo in; break; fi; done; echo done", "for i in 1 2 3; do if [ $i = 2 ]; then continue; fi; echo c$i; done",
    "i=0; while [ $i -lt 3 ]; do i=$((i+1)); [ $i = 2 ] && continue; echo w$i; done", "for i in 1 2; do echo x$i; break; done > f; cat f",
    "for i in 1 2; do break | cat; echo pipe$i; done", "break; echo $?", "continue 2; echo $?",
    "for i in 1 2 3; do case $i in 2) continue;; 3) break;; esac; echo k$i; done; echo end $?",
    "for i in 1 2; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; echo never; done",
    'while read l; do [ "$l" = beta ] && break; echo "$l"; done < a.txt', "until false; do echo once; break; done; echo $?",
    "for i in 1 2 3; do echo $i; done | while read n; do [ $n = 2 ] && break; echo got $n; done",
    "for i in 1; do { echo g; break; echo no; }; done", "for i in 1 2; do echo $i; break >&2; done",
    # exit ends a subshell (shell/subshell_exit.py)
    "(exit 3; echo b); echo $?", "(cd nope || exit 1; echo still); echo $?", "x=$(exit 4; echo b); echo $? [$x]",
    "echo $(echo a; exit 1; echo b)", "(for i in 1 2 3; do [ $i = 2 ] && exit 5; echo $i; done); echo $?",
    "(while true; do exit 7; done); echo $?", "echo a | exit 3; echo $?", "(echo out; exit 2) > f; echo $?; cat f",
    "for i in 1 2; do echo $i | (read l; exit 1); echo $? $i; done",
    # IFS splits unquoted expansions (shell/ifs.py)
    "IFS=:; for p in $PATH; do echo $p; done", "IFS=,; x=a,b,c; for w in ${x/a/A}; do echo $w; done", "x=a-b-c; IFS=-; echo ${x^^}",
    "IFS=-; echo $(echo a-b)", 'IFS=:; v="a::b:"; for w in $v; do echo "[$w]"; done', 'IFS=:; v=":a"; echo x$v; for w in $v; do echo "[$w]"; done',
    "IFS=' :'; v=\" a : b  c:\"; for w in $v; do echo \"[$w]\"; done", 'IFS=; v="a b"; for w in $v; do echo "[$w]"; done',
    "IFS=$'\\n'; for l in $(cat a.txt kv.conf); do echo \"[$l]\"; done", 'OLD=$IFS; IFS=,; IFS=$OLD; v="a b"; for w in $v; do echo "[$w]"; done',
    # the tester's findings (tester16): ranges, huge sequences, anchors, slashes, regexes starting with (
    "echo [z-a] [!z-a].txt; x=abc; echo ${x/[z-a]/X} ${x^^[z-a]} ${x%[z-a]}; [[ b == [z-a] ]]; echo $?; case b in [z-a]) echo y;; *) echo n;; esac",
    "echo {1..9999999999999999999999} {-9999999999999999999999..1}", 'x=abc; echo ${x/#/X} ${x/%/X}; x=; echo "[${x/#/pre}]" "[${x/%/end}]" "[${x//*/z}]"',
    "x=a/b/c; echo ${x////-}; v=/usr/local/bin; echo ${v///}", "x=hello; echo ${x::2} ${x:: -2}",
    "[[ abc =~ (b) ]] && echo $BASH_REMATCH; [[ x =~ (x|y) ]]; echo $?; [[ xy =~ (x)(y) ]]; echo $BASH_REMATCH",
    "[[ $((1/0)) -eq 1 ]]; echo after $?", "x=aaa; y=${x//a/$(echo hi >> log)}; wc -l < log",
    'for f in *.txt; do echo "$f; done', 'if [ "$x = a ]; then echo y; fi', "{ echo 'a; }", "]]",
    "x=abc; q='&'; echo ${x/b/$q} ${x/b/\"$q\"}", "cat 3<<< hello; echo $?", "[[ -o errexit ]]; echo $?",
    "[[ $'a\\nb' =~ ^b ]]; echo $?; [[ $'a\\nb' =~ a.b ]]; echo $?", "[[ a && a && a || b && a ]]; echo $?",
    "echo $( case a in a) echo paren;; esac )", "x=$(case b in a) echo A;; b) echo B;; esac); echo $x",
    # functions (shell/functions.py)
    'f() { echo f; }; f; g() ( cd sub; ls ); g; ls a.txt; function h { echo h $1; }; h x; function k() { echo k; }; k',
    'f() echo bad',
    'f() { echo "[$@]" "[$*]" $#; for a in "$@"; do echo "<$a>"; done; }; f "a b" c; f',
    'f() { return; }; false; f; echo $?; g() { false; return; }; g; echo $?; r() { echo $1; [ $1 -lt 3 ] && r $(($1+1)); }; r 1',
    'return; echo $?; return 5; echo $?',
    'local x=1; echo $?',
    'h() { local y=5; echo in $y; }; y=1; h; echo out $y',
    'k() { echo $# "$@" $1 ${2:-none}; shift; echo $# $1; }; k a "b c" d; shift; echo $?',
    'f() { echo out; echo err >&2; }; f > o.txt 2>/dev/null; cat o.txt; f | tr a-z A-Z',
    'f() { cat; }; echo piped | f',
    'f() { while read l; do echo "[$l]"; done; }; f < a.txt',
    'count() { wc -l < "$1"; }; count a.txt; count kv.conf',
    'f() { x=global; }; f; echo $x',
    'f() { echo ${10} ${1}; }; f a b c d e f g h i j k',
    'f() { g; }; g() { echo g; }; f',
    'greet() { printf \'hi %s\\n\' "$@"; }; greet a b',
    'f() { for i in 1 2 3; do [ $i = 2 ] && return 7; echo $i; done; }; f; echo $?',
    'f() { local a; a=3; echo $a; }; a=1; f; echo $a',
    'f(){ echo nospace; }; f',
    'f() { echo $0; }; f',
    # the second tester's findings (tester17)
    'x=a; x+=b; echo $x; y+=z; echo $y; x+=$x; echo $x',
    'x=5; (( "$x" > 3 )) && echo y; echo $(( "$x" + 1 ))',
    'while break; do echo no; done; echo after $?',
    'x=$((cd sub; cat inner.txt) 2>&1); echo "[$x]"',
    'until break; do echo no; done; echo u',
    'x="a b"; export y=$x; echo "$y"; f() { local z=$x; echo "[$z]"; }; f; export p=*.txt q=1; echo "$p $q"',
    'echo $((10#08)) $((16#ff)) $((2#101)) $((36#Zz)) $((64#@_)) $((62#Zz)); echo $((8#9))',
    'x=08; echo $(( 10#$x + 1 ))',
    # here-strings <<< (shell/interp.py)
    'cat <<< {a,b}; cat <<< "$HOME x" | wc -w; cat <<< *; x="a  b"; cat <<< $x; wc -c <<< ""', 'read a b <<< "1 2"; echo $b',
    "tr a-z A-Z <<<hello", 'while read l; do echo [$l]; done <<< "$(cat a.txt)"', "cat <<<", "grep -c a <<< $'a\\nb\\na'",
    "while read k; do [[ $k =~ ^port=([0-9]+) ]] && echo ${k#port=}; done < kv.conf", "[[ a.txt -nt nope ]]; echo $?",
    # diff and paste (builtins/diff.py, builtins/paste.py)
    "diff a.txt b.txt; echo $?", "diff -u a.txt b.txt | tail -n 3", "diff -c a.txt blanks.txt | tail -n +4", "diff a.txt a.txt; echo $?",
    "diff a.txt nope; echo $?", "diff -q a.txt blanks.txt; echo $?", "diff sub a.txt; echo $?", "echo alpha | diff - a.txt; echo $?",
    "diff -r sub sub; echo $?", "diff -iw kv.conf kv.conf", "diff; echo $?", "diff -y -W 40 a.txt kv.conf",
    "paste -d, a.txt kv.conf", "paste a.txt b.txt tabs.txt", "seq 1 5 | paste -s -d+", "printf 'x\\ny\\n' | paste - - a.txt",
    "paste a.txt nope; echo $?", "paste -s blanks.txt",
]


def materialise(root: Path) -> None:
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


_WHERE = re.compile(r"^bash: (-c: )?line [0-9]+: ", re.M)
_ECHOED_LINE = re.compile(r"^bash: `.*'\n", re.M)  # `bash -c` quotes the bad line; a terminal does not


def real_bash(root: Path, line: str, locale: str = "C") -> tuple[str, str, int]:
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": locale, "HOME": str(root)}
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", line], executable=BASH, cwd=root, env=env,
                          capture_output=True, text=True, errors="surrogateescape", timeout=10)
    return done.stdout, _ECHOED_LINE.sub("", _WHERE.sub("bash: ", done.stderr)), done.returncode


def ours(line: str, locale: str = "C") -> tuple[str, str, int]:
    fs = MemoryFs({f"/w/{rel}": text for rel, text in FILES.items()})
    session = Session("/w", {"PATH": "/usr/bin:/bin", "LC_ALL": locale, "HOME": "/w", "PWD": "/w"})
    got = Shell(fs).run(line, session)
    return got.stdout, got.stderr, got.status


@pytest.mark.parametrize("line", LINES)
def test_same_stdout_stderr_and_status_as_bash(tmp_path: Path, line: str):
    materialise(tmp_path)
    assert ours(line) == real_bash(tmp_path, line)


# bytes, not characters, where GNU's tools and mawk count bytes (builtins/bytewise.py), in the
# worlds' own locale (LANG=C.UTF-8), where sed, grep, wc -m and rev count characters
UTF8_LINES = [
    "head -c 2 u.txt | wc -c", "tail -c 5 u.txt | wc -c", "cut -c 1-3 u.txt", "cut -b 2 u.txt | wc -c", "tr '\u00e9' 'e' < u.txt",
    "wc -c u.txt; wc -m u.txt", "awk '{print length($0)}' u.txt", "awk '{print substr($1,1,2)}' u.txt", "printf '\\xff' | wc -c",
    "echo -e '\\xc3\\xa9'", "echo $'\\xc3\\xa9 \\u00e9 \\xff' | wc -c", "printf '%5s|%c|%.1s|\\n' \u00e9 \u00e9 \u00e9 | wc -c",
    "printf '\\303\\251\\n'", "sed 's/./X/' u.txt", "rev u.txt", "awk '/\u00e9/ {n++} END {print n}' u.txt",
    "awk '{print toupper($0)}' u.txt", "tr -d '\u2014' < u.txt | wc -c", "grep -c '\u00e9' u.txt",
    # cmp (builtins/cmp.py)
    "cmp a.txt a.txt; echo $?", "cmp a.txt b.txt; echo $?", "cmp a.txt blanks.txt; echo $?", "cmp empty a.txt; echo $?",
    "cmp -s a.txt b.txt; echo $?", "cmp -l a.txt tabs.txt; echo $?", "cmp -b tabs.txt a.txt; echo $?", "cmp -bl a.txt kv.conf",
    "cmp a.txt nope; echo $?", "cat a.txt | cmp a.txt; echo $?", "cmp; echo $?", "cmp -x a b; echo $?", "cmp sub a.txt; echo $?",
    "cmp a.txt b.txt c; echo $?", "cmp a.txt kv.conf 0 1; echo $?", "cmp u.txt a.txt; echo $?", "cmp -l u.txt kv.conf; echo $?",
    "printf 'abc\\n' > p; cmp p a.txt; cmp a.txt p; cmp -l p kv.conf; echo $?", "cmp --quiet a.txt b.txt && echo same || echo differ",
    # GNU's messages quote in the locale's marks
    "sort -k 0 u.txt", "sort -k 1.0 u.txt", "sort -k x u.txt", "sort -t ab u.txt", "find . -maxdepth -1",
]


@pytest.mark.parametrize("line", UTF8_LINES)
def test_utf8_text_as_bash_and_gnu_count_it(tmp_path: Path, line: str):
    materialise(tmp_path)
    assert ours(line, "C.UTF-8") == real_bash(tmp_path, line, "C.UTF-8")
