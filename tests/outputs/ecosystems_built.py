"""Ecosystem corpus groups: Go, Rust, Maven with JUnit, CMake with gcc (see ``ecosystems.py``)."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def go(c: Any) -> None:
    needs(c, "go")
    proj = c.project(
        "gostats",
        {
            "go.mod": "module example.com/gostats\n\ngo 1.19\n",
            "stats.go": """
            package gostats

            func Mean(xs []int) float64 {
                total := 0
                for _, x := range xs {
                    total += x
                }
                var n int = "count"
                return float64(total) / float64(len(xs)+n-n)
            }
        """,
            "stats_test.go": """
            package gostats

            import "testing"

            func TestMean(t *testing.T) {
                if got := Mean([]int{2, 4, 6}); got != 4 {
                    t.Errorf("Mean(2, 4, 6) = %v, want 4", got)
                }
            }
        """,
        },
    )
    pair = Pair(c, "go", proj)
    pair.run("go_build_error", "go build ./...", r"cannot use", ("stats.go", 'var n int = "count"', "var n int = 1"))
    (proj / "stats.go").write_text((proj / "stats.go").read_text().replace("len(xs)+n-n", "len(xs)+n"))
    pair.run("go_test_failure", "go test ./...", r"want 4", ("stats.go", "len(xs)+n)", "len(xs)+n-n)"))


def cargo(c: Any) -> None:
    needs(c, "cargo")
    proj = c.project(
        "rconf",
        {
            "Cargo.toml": '[package]\nname = "rconf"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
            "src/lib.rs": """
            pub fn port(line: &str) -> u16 {
                let value = line.split('=').nth(1).unwrap();
                value.parse().unwrap()
            }

            #[cfg(test)]
            mod tests {
                use super::*;

                #[test]
                fn parses_port_with_spaces() {
                    assert_eq!(port("port = 8080"), 8080);
                }
            }
        """,
        },
    )
    Pair(c, "cargo", proj).run(
        "cargo_test_panic",
        "cargo test --offline -q",
        r"panicked at",
        ("src/lib.rs", "value.parse().unwrap()", "value.trim().parse().unwrap()"),
    )


MAVEN_POM = """
    <project xmlns="http://maven.apache.org/POM/4.0.0">
      <modelVersion>4.0.0</modelVersion>
      <groupId>com.example</groupId>
      <artifactId>billing</artifactId>
      <version>1.0</version>
      <properties>
        <maven.compiler.source>17</maven.compiler.source>
        <maven.compiler.target>17</maven.compiler.target>
        <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
      </properties>
      <dependencies>
        <dependency>
          <groupId>org.junit.jupiter</groupId>
          <artifactId>junit-jupiter</artifactId>
          <version>5.10.2</version>
          <scope>test</scope>
        </dependency>
      </dependencies>
      <build>
        <plugins>
          <plugin><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
          <plugin><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
          <plugin><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
        </plugins>
      </build>
    </project>
"""


def maven(c: Any) -> None:
    needs(c, "mvn")
    proj = c.project(
        "billing",
        {
            "pom.xml": MAVEN_POM,
            "src/main/java/com/example/Invoice.java": """
            package com.example;

            public class Invoice {
                public static int total(int[] lines) {
                    int sum = 0;
                    for (int i = 1; i < lines.length; i++) {
                        sum += lines[i];
                    }
                    return sum;
                }
            }
        """,
            "src/test/java/com/example/InvoiceTest.java": """
            package com.example;

            import static org.junit.jupiter.api.Assertions.assertEquals;
            import org.junit.jupiter.api.Test;

            class InvoiceTest {
                @Test
                void totalAddsEveryLine() {
                    assertEquals(6, Invoice.total(new int[] {1, 2, 3}));
                }
            }
        """,
        },
    )
    Pair(c, "maven", proj).run(
        "maven_junit_failure",
        "mvn -B -o -Dstyle.color=never test",
        r"expected: <6> but was: <5>",
        ("src/main/java/com/example/Invoice.java", "int i = 1;", "int i = 0;"),
    )


def cmake(c: Any) -> None:
    needs(c, "cmake")
    proj = c.project(
        "wordcount",
        {
            "CMakeLists.txt": "cmake_minimum_required(VERSION 3.13)\nproject(wc C)\nadd_executable(wc main.c)\n",
            "main.c": """
            #include <stdio.h>

            int main(void) {
                int words = 0;
                int c;
                while ((c = getchar()) != EOF) {
                    if (c == ' ') wrods++;
                }
                printf("%d\\n", words);
                return 0;
            }
        """,
        },
    )
    c.setup("cmake -S . -B build > /dev/null", proj)
    Pair(c, "cmake", proj).run("cmake_build_error", "cmake --build build", r"error:", ("main.c", "wrods++", "words++"))
