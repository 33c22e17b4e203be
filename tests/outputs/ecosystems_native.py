"""Ecosystem corpus groups of the third held-out part, compiled code (see ``ecosystems.py``): gfortran, Nim, D (gdc),
OCaml under dune, GCC's sanitizers, valgrind and CTest. Each group is two distinct real failures of its tool, each
fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def gfortran(c: Any) -> None:
    needs(c, "gfortran")
    proj = c.project(
        "grades",
        {
            "stats.f90": """
            program stats
              implicit none
              integer :: total
              total = '42'
              print *, total
            end program stats
        """,
            "mean.f90": """
            program mean
              implicit none
              real :: x(5) = [1.0, 2.0, 3.0, 4.0, 5.0]
              real :: s
              integer :: i
              s = 0.0
              do i = 1, 6
                s = s + x(i)
              end do
              print '(f6.2)', s / 5
            end program mean
        """,
        },
    )
    pair = Pair(c, "gfortran", proj)
    pair.run(
        "gfortran_conversion_error",
        "gfortran -o stats stats.f90 && ./stats",
        r"Error: Cannot convert",
        ("stats.f90", "total = '42'", "total = 42"),
    )
    pair.run(
        "gfortran_bounds_check",
        "gfortran -fcheck=bounds -o mean mean.f90 && ./mean",
        r"Fortran runtime error",
        ("mean.f90", "do i = 1, 6", "do i = 1, 5"),
    )


def nim(c: Any) -> None:
    needs(c, "nim")
    c.env["XDG_CACHE_HOME"] = str(c.root / "nim-cache")
    proj = c.project(
        "shop",
        {
            "greet.nim": """
            proc banner(name: string, times: int): string =
              for _ in 1 .. times:
                result.add("welcome " & name & "\\n")

            echo banner(3, "shop")
        """,
            "cart.nim": """
            proc total*(prices: seq[int]): int =
              for i in 1 ..< prices.len:
                result += prices[i]
        """,
            "tcart.nim": """
            import std/unittest
            import cart

            suite "cart":
              test "sums every price":
                check total(@[10, 20, 30]) == 60
        """,
        },
    )
    pair = Pair(c, "nim", proj)
    pair.run(
        "nim_type_mismatch",
        "nim c --hints:off -r greet.nim",
        r"Error: type mismatch",
        ("greet.nim", 'banner(3, "shop")', 'banner("shop", 3)'),
    )
    pair.run(
        "nim_unittest_check",
        "nim c --hints:off -r tcart.nim",
        r"Check failed",
        ("cart.nim", "for i in 1 ..< prices.len", "for i in 0 ..< prices.len"),
    )


def gdc(c: Any) -> None:
    needs(c, "gdc")
    proj = c.project(
        "textkit",
        {
            "wrap.d": """
            import std.stdio;

            void main()
            {
                string line = "a line of text";
                writeln(line.lenght);
            }
        """,
            "words.d": """
            import std.array : split;

            size_t countWords(string text)
            {
                return text.split(" ").length;
            }

            unittest
            {
                assert(countWords("two  spaces") == 2, "countWords counts runs of spaces as one");
            }

            void main() {}
        """,
        },
    )
    pair = Pair(c, "gdc", proj)
    pair.run(
        "gdc_undefined_identifier",
        "gdc -o wrap wrap.d && ./wrap",
        r"error: no property",
        ("wrap.d", "line.lenght", "line.length"),
    )
    pair.run(
        "gdc_unittest_assert",
        "gdc -funittest -o words words.d && ./words",
        r"\[unittest\]",
        ("words.d", 'text.split(" ").length', "text.split().length"),
    )


def dune(c: Any) -> None:
    needs(c, "dune")
    proj = c.project(
        "invoice",
        {
            "dune-project": "(lang dune 2.9)\n",
            "bin/dune": "(executable (name main))\n",
            "bin/main.ml": """
            let vat rate amount = amount * rate / 100

            let () = print_endline ("vat: " ^ string_of_int (vat "20" 150))
        """,
            "test/dune": "(test (name test_parse))\n",
            "test/test_parse.ml": """
            let parse_qty text = int_of_string text

            let () =
              assert (parse_qty "12 " = 12);
              print_endline "parse_qty ok"
        """,
        },
    )
    pair = Pair(c, "dune", proj)
    pair.run(
        "dune_type_error",
        "dune build --display short ./bin/main.exe 2>&1 && ./_build/default/bin/main.exe",
        r"Error: This expression has type",
        ("bin/main.ml", '(vat "20" 150)', "(vat 20 150)"),
    )
    pair.run(
        "dune_test_exception",
        "dune test",
        r"Fatal error: exception",
        ("test/test_parse.ml", "int_of_string text", "int_of_string (String.trim text)"),
    )


def sanitizers(c: Any) -> None:
    needs(c, "g++")
    proj = c.project(
        "ringbuf",
        {
            "copy.cpp": """
            #include <cstdio>
            #include <cstring>

            int main() {
                const char *name = "sensor-01";
                char *buf = new char[std::strlen(name)];
                std::strcpy(buf, name);
                std::printf("%s\\n", buf);
                delete[] buf;
                return 0;
            }
        """,
            "sum.cpp": """
            #include <climits>
            #include <cstdio>

            int add_all(const int *xs, int n) {
                int total = 0;
                for (int i = 0; i < n; ++i) total += xs[i];
                return total;
            }

            int main() {
                int xs[] = {INT_MAX, 1};
                std::printf("%d\\n", add_all(xs, 2));
                return 0;
            }
        """,
        },
    )
    pair = Pair(c, "sanitizers", proj)
    pair.run(
        "asan_heap_buffer_overflow",
        "g++ -g -fsanitize=address -o copy copy.cpp && ./copy",
        r"AddressSanitizer: heap-buffer-overflow",
        ("copy.cpp", "new char[std::strlen(name)]", "new char[std::strlen(name) + 1]"),
    )
    pair.run(
        "ubsan_signed_overflow",
        "g++ -g -fsanitize=undefined -fno-sanitize-recover=all -o sum sum.cpp && ./sum",
        r"runtime error: signed integer overflow",
        ("sum.cpp", "int xs[] = {INT_MAX, 1};", "int xs[] = {INT_MAX - 1, 1};"),
    )


def valgrind(c: Any) -> None:
    needs(c, "valgrind")
    proj = c.project(
        "tally",
        {
            "tally.c": """
            #include <stdio.h>
            #include <stdlib.h>

            int main(void) {
                int *counts = malloc(4 * sizeof *counts);
                for (int i = 0; i < 4; i++) counts[i] = i * i;
                int sum = 0;
                for (int i = 0; i <= 4; i++) sum += counts[i];
                printf("%d\\n", sum > 0);
                free(counts);
                return 0;
            }
        """,
            "names.c": """
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>

            static char *label(const char *name) {
                char *out = malloc(strlen(name) + 8);
                strcpy(out, "user: ");
                strcat(out, name);
                return out;
            }

            int main(void) {
                char *l = label("ada");
                puts(l);
                return 0;
            }
        """,
        },
    )
    pair = Pair(c, "valgrind", proj)
    pair.run(
        "valgrind_invalid_read",
        "gcc -g -O0 -o tally tally.c && valgrind -q --error-exitcode=1 ./tally",
        r"Invalid read of size 4",
        ("tally.c", "i <= 4; i++) sum", "i < 4; i++) sum"),
    )
    pair.run(
        "valgrind_definitely_lost",
        "gcc -g -O0 -o names names.c && valgrind -q --leak-check=full --errors-for-leak-kinds=definite "
        "--error-exitcode=1 ./names",
        r"definitely lost",
        ("names.c", "    puts(l);\n", "    puts(l);\n    free(l);\n"),
    )


def ctest(c: Any) -> None:
    needs(c, "ctest")
    proj = c.project(
        "geometry",
        {
            "CMakeLists.txt": """
            cmake_minimum_required(VERSION 3.16)
            project(geometry CXX)
            enable_testing()
            add_executable(test_area test_area.cpp)
            add_test(NAME area COMMAND test_area)
            add_executable(report report.cpp)
            add_test(NAME report_header COMMAND report)
            set_tests_properties(report_header PROPERTIES PASS_REGULAR_EXPRESSION "^Geometry report v2")
        """,
            "test_area.cpp": """
            #include <cassert>

            int area(int w, int h) { return w + h; }

            int main() {
                assert(area(3, 4) == 12);
                return 0;
            }
        """,
            "report.cpp": """
            #include <cstdio>

            int main() {
                std::puts("Geometry report v1");
                return 0;
            }
        """,
        },
    )
    build = "cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug > /dev/null && cmake --build build > /dev/null && "
    pair = Pair(c, "ctest", proj)
    pair.run(
        "ctest_assertion_abort",
        build + "ctest --test-dir build --output-on-failure -R area",
        r"Assertion .* failed",
        ("test_area.cpp", "return w + h;", "return w * h;"),
    )
    pair.run(
        "ctest_pass_regex",
        build + "ctest --test-dir build --output-on-failure -R report_header",
        r"Required regular expression not found",
        ("report.cpp", "Geometry report v1", "Geometry report v2"),
    )
