"""Capture groups of compiled languages (see ``capture.py``): gcc and g++, make, cargo, javac and java, and Go when
it is installed."""

from __future__ import annotations

import shutil

from capture_corpus import Corpus, Skip, dedent

# ================================================================================================
# C, C++, make
# ================================================================================================

STATS_C = """
    #include <stdio.h>

    static double mean(const int *values, int n)
    {
        int total = 0;
        for (int i = 0; i < n; i++)
            total += values[i];
        return (double)totl / n;
    }

    int main(void)
    {
        int samples[] = {4, 8, 15, 16, 23, 42};
        int *first = 3.5;
        printf("mean: %.2f\\n", mean(samples, 6));
        return 0;
    }
"""


def c_cases(c: Corpus) -> None:
    proj = c.project(
        "cstats",
        {
            "stats.c": STATS_C,
            "report.c": """
                #include <stdio.h>

                void format_row(char *buf, size_t size, const char *name, double value);

                int main(void)
                {
                    char line[64];
                    format_row(line, sizeof line, "latency_ms", 12.5);
                    puts(line);
                    return 0;
                }
            """,
            "warn.c": """
                #include <stdio.h>

                int main(int argc, char **argv)
                {
                    int unused_count = 0;
                    unsigned int limit = 10;
                    for (int i = 0; i < limit; i++) {
                        if (i == 3)
                            printf("third item\\n");
                    }
                    return 0;
                }
            """,
            "inventory.cpp": """
                #include <iostream>
                #include <string>
                #include <vector>

                struct Item {
                    std::string name;
                    int count;
                };

                int main()
                {
                    std::vector<Item> items = {{"bolt", 12}, {"nut", 30}};
                    int total = 0;
                    for (const auto &item : items)
                        total += item.qty;
                    std::cout << "total: " << total << std::endl;
                }
            """,
        },
    )
    c.case(
        "gcc_compile_error",
        "gcc -Wall -o stats stats.c",
        proj,
        kind="compile_error",
        failed=True,
        message=r"error: .totl. undeclared",
    )
    fixed = dedent(STATS_C).replace("totl", "total").replace("    int *first = 3.5;\n", "")
    (proj / "stats.c").write_text(fixed)
    c.case("gcc_compile_error_fixed", "gcc -Wall -o stats stats.c", proj, kind="compile_pass", failed=False)
    c.case("run_fixed_binary", "./stats", proj, kind="program_output", failed=False)
    c.case(
        "gcc_link_error",
        "gcc -o report report.c",
        proj,
        kind="link_error",
        failed=True,
        message=r"undefined reference to",
    )
    c.case("gcc_warnings_only", "gcc -Wall -Wextra -o warn warn.c", proj, kind="compile_warnings", failed=False)
    c.case(
        "gpp_compile_error",
        "g++ -std=c++17 -Wall -o inventory inventory.cpp",
        proj,
        kind="compile_error",
        failed=True,
        message=r"error: ",
    )


MK_MAIN_BUGGY = """
    #include <stdio.h>
    #include <string.h>

    static unsigned checksum(const char *s)
    {
        unsigned sum = 0;
        while (*s)
            sum = (sum + (unsigned char)*s++) % 256
        return sum;
    }

    int main(int argc, char **argv)
    {
        const char *blocks[] = {"alpha", "beta", "gamma", "delta"};
        const unsigned expected[] = {0x0e, 0x9f, 0x0b, 0x0e};
        int bad = 0;
        if (argc > 1 && strcmp(argv[1], "--selftest") == 0) {
            for (int i = 0; i < 4; i++) {
                unsigned got = checksum(blocks[i]);
                if (got != expected[i]) {
                    printf("selftest: checksum mismatch for block %d (expected 0x%02x, got 0x%02x)\\n",
                           i, expected[i], got);
                    bad++;
                }
            }
            if (bad) {
                printf("selftest: %d of 4 checks failed\\n", bad);
                return 1;
            }
            printf("selftest: 4 checks passed\\n");
            return 0;
        }
        printf("%02x\\n", checksum(argc > 1 ? argv[1] : ""));
        return 0;
    }
"""


def make_cases(c: Corpus) -> None:
    # The expected checksums are computed below so that exactly one block is wrong in the first self-test.
    def checksum(s: str) -> int:
        return sum(s.encode()) % 256

    good = [checksum(b) for b in ("alpha", "beta", "gamma", "delta")]
    wrong = list(good)
    wrong[2] = (wrong[2] + 1) % 256
    main_c = dedent(MK_MAIN_BUGGY).replace(
        "{0x0e, 0x9f, 0x0b, 0x0e}", "{" + ", ".join(f"0x{v:02x}" for v in wrong) + "}"
    )
    proj = c.project(
        "checksum",
        {
            "Makefile": """
                CFLAGS = -Wall -O2
                all: app
                app: main.c
                \t$(CC) $(CFLAGS) -o app main.c

                test: app
                \t./app --selftest

                clean:
                \trm -f app
            """,
        },
    )
    (proj / "main.c").write_text(main_c)
    c.case(
        "make_compile_failure",
        "make",
        proj,
        kind="make_failure",
        failed=True,
        message=r"^make: \*\*\* ",
    )
    main_c = main_c.replace("% 256\n", "% 256;\n")
    (proj / "main.c").write_text(main_c)
    c.case("make_compile_failure_fixed", "make", proj, kind="make_pass", failed=False)
    c.case(
        "make_test_failure",
        "make test",
        proj,
        kind="make_failure",
        failed=True,
        message=r"^selftest: checksum mismatch",
    )
    expected = "{" + ", ".join(f"0x{v:02x}" for v in wrong) + "}"
    (proj / "main.c").write_text(main_c.replace(expected, "{" + ", ".join(f"0x{v:02x}" for v in good) + "}"))
    c.case("make_test_failure_fixed", "make test", proj, kind="make_pass", failed=False)


# ================================================================================================
# Rust
# ================================================================================================

RS_LIB = """
    /// Parse a quantity typed by a user, such as "3".
    pub fn parse_qty(s: &str) -> Result<u32, String> {
        s.parse::<u32>().map_err(|e| format!("invalid quantity {s:?}: {e}"))
    }

    /// Price of one order line in cents.
    pub fn line_total(price_cents: u32, qty: &str) -> Result<u32, String> {
        let q: u32 = parse_qty(qty);
        Ok(price_cents * q)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn parses_plain_number() {
            assert_eq!(parse_qty("3"), Ok(3));
        }

        #[test]
        fn parse_error_mentions_input() {
            assert!(parse_qty("x").unwrap_err().contains("\\"x\\""));
        }

        #[test]
        fn line_total_multiplies() {
            assert_eq!(line_total(250, " 4 "), Ok(1000));
        }
    }
"""


def rust_cases(c: Corpus) -> None:
    if not shutil.which("cargo", path=c.env["PATH"]):
        raise Skip("cargo is not installed")
    proj = c.project(
        "rcalc",
        {
            "Cargo.toml": """
                [package]
                name = "rcalc"
                version = "0.1.0"
                edition = "2021"

                [dependencies]
            """,
            "src/lib.rs": RS_LIB,
        },
    )
    c.case(
        "cargo_build_error",
        "cargo build",
        proj,
        kind="compile_error",
        failed=True,
        message=r"^error\[E0308\]",
    )
    lib = dedent(RS_LIB).replace("let q: u32 = parse_qty(qty);", "let q: u32 = parse_qty(qty)?;")
    (proj / "src/lib.rs").write_text(lib)
    c.case("cargo_build_error_fixed", "cargo build", proj, kind="compile_pass", failed=False)
    c.case(
        "cargo_test_failure",
        "cargo test",
        proj,
        kind="test_failure",
        failed=True,
        message=r"panicked at",
    )
    (proj / "src/lib.rs").write_text(lib.replace("s.parse::<u32>()", "s.trim().parse::<u32>()"))
    c.case("cargo_test_failure_fixed", "cargo test", proj, kind="test_pass", failed=False)


# ================================================================================================
# Java
# ================================================================================================

JAVA_MAIN = """
    import java.util.List;

    public class Main {
        static int total(List<Integer> prices) {
            int sum = 0;
            for (int p : prices) {
                sum += p;
            }
            return sum;
        }

        public static void main(String[] args) {
            List<Integer> prices = List.of(250, 1200, 75);
            System.out.println("total: " + totl(prices));
        }
    }
"""


def java_cases(c: Corpus) -> None:
    if not shutil.which("javac", path=c.env["PATH"]):
        raise Skip("javac is not installed")
    proj = c.project(
        "jshop",
        {
            "Main.java": JAVA_MAIN,
            "Report.java": """
                public class Report {
                    public static void main(String[] args) {
                        String[] columns = {"sku", "name", "stock"};
                        for (int i = 0; i <= columns.length; i++) {
                            System.out.println("column " + i + ": " + columns[i]);
                        }
                    }
                }
            """,
        },
    )
    c.case(
        "javac_error",
        "javac Main.java",
        proj,
        kind="compile_error",
        failed=True,
        message=r"error: cannot find symbol",
    )
    (proj / "Main.java").write_text(dedent(JAVA_MAIN).replace("totl(", "total("))
    c.case("javac_error_fixed", "javac Main.java", proj, kind="compile_pass", failed=False)
    c.case("java_run", "java Main", proj, kind="program_output", failed=False)
    c.case(
        "java_exception",
        "java Report.java",
        proj,
        kind="runtime_exception",
        failed=True,
        message=r'^Exception in thread "main"',
    )


# ================================================================================================
# Go (only when installed)
# ================================================================================================


def go_cases(c: Corpus) -> None:
    if not shutil.which("go", path=c.env["PATH"]):
        raise Skip("go is not installed on this machine")
    proj = c.project(
        "gocalc",
        {
            "go.mod": "module example.com/gocalc\n\ngo 1.21\n",
            "calc.go": """
                package gocalc

                func Mean(xs []int) float64 {
                    total := 0
                    for _, x := range xs {
                        total += x
                    }
                    var n int = "count"
                    return float64(total) / float64(len(xs))
                }
            """,
            "calc_test.go": """
                package gocalc

                import "testing"

                func TestMean(t *testing.T) {
                    if got := Mean([]int{2, 4, 6}); got != 4 {
                        t.Errorf("Mean() = %v, want 4", got)
                    }
                }
            """,
        },
    )
    c.case("go_build_error", "go build ./...", proj, kind="compile_error", failed=True, message=r"cannot use")
    (proj / "calc.go").write_text(
        (proj / "calc.go")
        .read_text()
        .replace('    var n int = "count"\n', "")
        .replace("float64(len(xs))", "float64(len(xs)-1)")
    )
    c.case("go_test_failure", "go test ./...", proj, kind="test_failure", failed=True, message=r"Mean\(\) = ")
