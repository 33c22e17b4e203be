"""Ecosystem corpus groups of the fourth held-out part, compiled and run (see ``ecosystems.py``): the plain JDK
(javac and java), Free Pascal, GNAT (Ada), SBCL (Common Lisp), SWI-Prolog's plunit, PHP's command line and gawk.
Each group is two distinct real failures of its tool, each fixed by one edit and run again, in the wording that
tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def javac(c: Any) -> None:
    needs(c, "javac")
    proj = c.project(
        "billing",
        {
            "src/Invoice.java": """
            public class Invoice {
                static int total(int[] lines) {
                    int sum = "0";
                    for (int line : lines) {
                        sum += line;
                    }
                    return sum;
                }

                public static void main(String[] args) {
                    System.out.println(total(new int[] {120, 80}));
                }
            }
        """,
            "src/Stock.java": """
            import java.util.HashMap;
            import java.util.Map;

            public class Stock {
                static final Map<String, Integer> LEVELS = new HashMap<>();

                static int reorder(String sku) {
                    int level = LEVELS.get(sku);
                    return level < 10 ? 50 : 0;
                }

                public static void main(String[] args) {
                    LEVELS.put("A-100", 4);
                    System.out.println("reorder A-100: " + reorder("A-100"));
                    System.out.println("reorder B-200: " + reorder("B-200"));
                }
            }
        """,
        },
    )
    pair = Pair(c, "javac", proj)
    pair.run(
        "javac_incompatible_types",
        "javac -d out src/Invoice.java",
        r"incompatible types",
        ("src/Invoice.java", 'int sum = "0";', "int sum = 0;"),
    )
    pair.run(
        "java_null_unboxing",
        "javac -d out src/Stock.java && java -cp out Stock",
        r"NullPointerException",
        ("src/Stock.java", "int level = LEVELS.get(sku);", "int level = LEVELS.getOrDefault(sku, 0);"),
    )


def fpc(c: Any) -> None:
    needs(c, "fpc")
    proj = c.project(
        "ledger",
        {
            "summary.pas": """
            program Summary;
            var
              Total, Count: Integer;
            begin
              Total := 360;
              Count := 3;
              WriteLn('average: ', Totl div Count);
            end.
        """,
            "rates.pas": """
            program Rates;
            uses SysUtils;
            var
              Hours, Paid: Integer;
            begin
              Paid := 900;
              Hours := 0;
              WriteLn('hourly rate: ', Paid div Hours);
            end.
        """,
        },
    )
    pair = Pair(c, "fpc", proj)
    pair.run(
        "fpc_identifier_not_found",
        "fpc -v0e summary.pas",
        r"Identifier not found",
        ("summary.pas", "Totl div Count", "Total div Count"),
    )
    pair.run(
        "fpc_division_by_zero",
        "fpc -v0e rates.pas && ./rates",
        r"Division by zero",
        ("rates.pas", "Hours := 0;", "Hours := 30;"),
    )


def gnat(c: Any) -> None:
    needs(c, "gnatmake")
    proj = c.project(
        "shipping",
        {
            "weights.adb": """
            with Ada.Text_IO; use Ada.Text_IO;
            procedure Weights is
               subtype Parcel_Kg is Integer range 1 .. 30;
               Parcel : Parcel_Kg := 20;
            begin
               Parcel := Parcel + 15;
               Put_Line ("parcel:" & Integer'Image (Parcel));
            end Weights;
        """,
            "labels.adb": """
            with Ada.Text_IO; use Ada.Text_IO;
            procedure Labels is
               Count : Natural := 3;
            begin
               Put_Line ("labels:" & Natural'Image (Cnt));
            end Labels;
        """,
        },
    )
    pair = Pair(c, "gnat", proj)
    pair.run(
        "gnat_constraint_error",
        "gnatmake -q weights.adb && ./weights",
        r"CONSTRAINT_ERROR",
        ("weights.adb", "Parcel := Parcel + 15;", "Parcel := Parcel + 5;"),
    )
    pair.run(
        "gnat_undefined_name",
        "gnatmake -q labels.adb && ./labels",
        r"undefined",
        ("labels.adb", "Natural'Image (Cnt)", "Natural'Image (Count)"),
    )


def sbcl(c: Any) -> None:
    needs(c, "sbcl")
    proj = c.project(
        "orders",
        {
            "report.lisp": """
            (defun order-total (items)
              (reduce #'+ (mapcar #'cdr items)))

            (let ((items '((:tea . 4) (:cake . 6))))
              (format t "total: ~a~%" (order-totl items)))
        """,
            "parse.lisp": """
            (defun with-shipping (amount)
              (+ amount 5))

            (format t "due: ~a~%" (with-shipping "42"))
        """,
        },
    )
    pair = Pair(c, "sbcl", proj)
    pair.run(
        "sbcl_undefined_function",
        "sbcl --script report.lisp",
        r"undefined function",
        ("report.lisp", "(order-totl items)", "(order-total items)"),
    )
    pair.run(
        "sbcl_type_error",
        "sbcl --script parse.lisp",
        r"is not of type",
        ("parse.lisp", '(with-shipping "42")', "(with-shipping 42)"),
    )


def plunit(c: Any) -> None:
    needs(c, "swipl")
    proj = c.project(
        "family",
        {
            "family.pl": """
            parent(ann, bob).
            parent(bob, cid).
            parent(bob, dee).

            grandparent(X, Z) :- parent(X, Y), parent(Y, Z).
            siblings(X, Y) :- parent(P, X), parent(P, Y).
        """,
            "test_grand.pl": """
            :- consult(family).
            :- begin_tests(grand).

            test(grandchildren) :-
                findall(Z, grandparent(ann, Z), Zs),
                assertion(Zs == [cid]).

            :- end_tests(grand).
        """,
            "test_siblings.pl": """
            :- consult(family).
            :- begin_tests(siblings).

            test(count) :-
                aggregate_all(count, sibling(cid, _), N),
                N =:= 1.

            :- end_tests(siblings).
        """,
        },
    )
    pair = Pair(c, "plunit", proj)
    pair.run(
        "plunit_assertion_failed",
        "swipl -g run_tests -t halt test_grand.pl",
        r"[Aa]ssertion",
        ("test_grand.pl", "assertion(Zs == [cid])", "assertion(Zs == [cid, dee])"),
    )
    pair.run(
        "plunit_unknown_procedure",
        "swipl -g run_tests -t halt test_siblings.pl",
        r"[Uu]nknown procedure",
        (
            "test_siblings.pl",
            "aggregate_all(count, sibling(cid, _), N)",
            "aggregate_all(count, (siblings(cid, S), S \\== cid), N)",
        ),
    )


def php(c: Any) -> None:
    needs(c, "php")
    proj = c.project(
        "shop",
        {
            "cart.php": """
            <?php
            declare(strict_types=1);

            function line_total(int $qty, float $price): float {
                return $qty * $price;
            }

            echo line_total("3", 2.5), PHP_EOL;
        """,
            "config.php": """
            <?php
            $settings = [
                'currency' => 'EUR',
                'vat' => 0.2
                'shipping' => 4.9,
            ];
            echo count($settings), PHP_EOL;
        """,
        },
    )
    pair = Pair(c, "php", proj)
    pair.run(
        "php_type_error",
        "php -d display_errors=stderr cart.php",
        r"TypeError",
        ("cart.php", 'line_total("3", 2.5)', "line_total(3, 2.5)"),
    )
    pair.run(
        "php_parse_error",
        "php -l config.php",
        r"[Pp]arse error",
        ("config.php", "'vat' => 0.2\n", "'vat' => 0.2,\n"),
    )


def gawk(c: Any) -> None:
    needs(c, "gawk")
    proj = c.project(
        "metrics",
        {
            "data.csv": "region,orders,returns\nnorth,40,4\nsouth,0,0\n",
            "ratio.awk": """
            BEGIN { FS = "," }
            NR > 1 { printf "%s %.2f\\n", $1, $3 / $2 }
        """,
            "sum.awk": """
            BEGIN { FS = "," }
            NR > 1 { total += $2) }
            END { print "orders:", total }
        """,
        },
    )
    pair = Pair(c, "gawk", proj)
    pair.run(
        "gawk_division_by_zero",
        "gawk -f ratio.awk data.csv",
        r"division by zero",
        ("ratio.awk", "$3 / $2 }", "($2 ? $3 / $2 : 0) }"),
    )
    pair.run(
        "gawk_syntax_error",
        "gawk -f sum.awk data.csv",
        r"syntax error",
        ("sum.awk", "total += $2) }", "total += $2 }"),
    )
