"""Ecosystem corpus groups of the eleventh held-out part, tools of the machine people run every day (see
``ecosystems.py``): g++ (as ``gpp``), gdb in batch mode, Perl itself, Rake, ERB, yq, OpenSSL and Node's own test
runner (``node --test``). Each group is two distinct real failures of its tool, each fixed by one edit and run
again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs


def gpp(c: Any) -> None:
    needs(c, "g++")
    proj = c.project(
        "inventory",
        {
            "src/stock.cpp": """
            #include <map>
            #include <string>

            int main() {
                std::map<std::string, int> stock;
                stock.push_back({"apple", 3});
                return stock.size() == 1 ? 0 : 1;
            }
        """,
            "src/orders.cpp": """
            #include <string>

            std::vector<std::string> pending() {
                return {"A-1", "A-2"};
            }

            int main() { return pending().size() == 2 ? 0 : 1; }
        """,
        },
    )
    pair = Pair(c, "gpp", proj)
    pair.run(
        "gpp_no_member",
        "g++ -std=c++17 -Wall -o stock src/stock.cpp && ./stock",
        r"has no member named .push_back",
        ("src/stock.cpp", "stock.push_back({", "stock.insert({"),
    )
    pair.run(
        "gpp_missing_include",
        "g++ -std=c++17 -Wall -o orders src/orders.cpp && ./orders",
        r"vector",
        ("src/orders.cpp", "#include <string>\n", "#include <string>\n#include <vector>\n"),
    )


def gdb(c: Any) -> None:
    needs(c, "gdb")
    needs(c, "gcc")
    proj = c.project(
        "parser",
        {
            "parse.c": """
            #include <stdio.h>
            #include <string.h>

            struct token { const char *text; };

            static size_t token_len(const struct token *t) { return strlen(t->text); }

            int main(void) {
                struct token tokens[2] = {{"let"}, {NULL}};
                size_t total = 0;
                for (int i = 0; i < 2; i++) total += token_len(&tokens[i]);
                printf("%zu\\n", total);
                return 0;
            }
        """,
            "stack.c": """
            #include <stdio.h>

            static int depth(int n) { return n == 0 ? 0 : 1 + depth(n + 1); }

            int main(void) {
                printf("%d\\n", depth(10));
                return 0;
            }
        """,
        },
    )
    pair = Pair(c, "gdb", proj)
    pair.run(
        "gdb_null_deref",
        "gcc -g -O0 -o parse parse.c && gdb -q -batch -return-child-result -ex run -ex bt -ex 'echo \\n' ./parse",
        r"SIGSEGV",
        ("parse.c", '{{"let"}, {NULL}}', '{{"let"}, {"x"}}'),
    )
    pair.run(
        "gdb_stack_overflow",
        "gcc -g -O0 -o stack stack.c && gdb -q -batch -return-child-result -ex run -ex 'bt 3' -ex 'echo \\n' ./stack",
        r"SIGSEGV",
        ("stack.c", "depth(n + 1)", "depth(n - 1)"),
    )


def perl(c: Any) -> None:
    needs(c, "perl")
    proj = c.project(
        "reports",
        {
            "lib/Report.pm": """
            package Report;
            use strict;
            use warnings;

            sub total {
                my (@rows) = @_;
                my $sum = 0
                foreach my $row (@rows) {
                    $sum += $row->{amount}
                }
                return $sum
            }

            sub header {
                my ($title) = @_;
                return "== $title ==\\n"
            }
            1;
        """,
            "bin/summary.pl": """
            use strict;
            use warnings;

            my @amounts = (12, 30, 8);
            my $total = 0;
            $total += $_ for @amounts;
            printf "total: %d\\n", $totl;
        """,
        },
    )
    pair = Pair(c, "perl", proj)
    pair.run(
        "perl_syntax_error",
        "perl -c lib/Report.pm",
        r"syntax error",
        ("lib/Report.pm", "my $sum = 0\n", "my $sum = 0;\n"),
    )
    pair.run(
        "perl_strict_vars",
        "perl bin/summary.pl",
        r"Global symbol",
        ("bin/summary.pl", "$totl;", "$total;"),
    )


def rake(c: Any) -> None:
    needs(c, "rake")
    proj = c.project(
        "site",
        {
            "Rakefile": """
            require "fileutils"

            task default: :build

            desc "Copy the pages into public/"
            task build: ["pages/index.html", "pages/about.html"] do
              FileUtils.mkdir_p("public")
              FileUtils.cp(Dir["pages/*.html"], "public")
              puts "built #{Dir["public/*.html"].size} pages"
            end

            desc "Write the version file"
            task :version do
              File.write("VERSION", "#{verison}\\n")
            end

            def version
              "1.4.0"
            end
        """,
            "pages/index.html": "<h1>Home</h1>\n",
            "pages/abuot.html": "<h1>About</h1>\n",
        },
    )
    pair = Pair(c, "rake", proj)
    pair.run(
        "rake_missing_prerequisite",
        "rake build",
        r"Don't know how to build task",
        ("Rakefile", '"pages/about.html"]', '"pages/abuot.html"]'),
    )
    pair.run(
        "rake_name_error",
        "rake version && cat VERSION",
        r"undefined local variable or method",
        ("Rakefile", "#{verison}", "#{version}"),
    )


def erb(c: Any) -> None:
    needs(c, "erb")
    needs(c, "ruby")
    proj = c.project(
        "deploy",
        {
            "templates/nginx.conf.erb": """
            <% port = 8080 -%>
            server {
              listen <%= port %>;
              server_name <%= server_name %>;
            }
        """,
            "templates/hosts.erb": """
            <% %w[web1 web2].each do |host| -%>
            <%= host %>.internal
            <% end -%>
            <% if ENV.key?("EXTRA") -%>
            <%= ENV["EXTRA"] %>
        """,
        },
    )
    pair = Pair(c, "erb", proj)
    pair.run(
        "erb_undefined_name",
        "erb -T - templates/nginx.conf.erb",
        r"undefined local variable or method",
        (
            "templates/nginx.conf.erb",
            "<% port = 8080 -%>\n",
            '<% port = 8080 -%>\n<% server_name = "shop.example.com" -%>\n',
        ),
    )
    pair.run(
        "erb_syntax_error",
        "erb -x -T - templates/hosts.erb | ruby -c",
        r"syntax error",
        ("templates/hosts.erb", '<%= ENV["EXTRA"] %>\n', '<%= ENV["EXTRA"] %>\n<% end -%>\n'),
    )


def yq(c: Any) -> None:
    needs(c, "yq")
    proj = c.project(
        "ci",
        {
            "workflow.yml": """
            name: test
            on: [push]
            jobs:
              test:
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - run: make test
                    env: {CI: true
        """,
            "compose.yml": """
            services:
              web:
                image: nginx:1.27
                ports:
                  - "8080:80"
              db:
                image: postgres:16
        """,
            "ports.jq": """
            .services | to_entries[] | .key + " " + (.value.ports[] | split(":")[0])
        """,
        },
    )
    pair = Pair(c, "yq", proj)
    pair.run(
        "yq_parse_error",
        "yq -r '.jobs.test.steps[1].run' workflow.yml",
        r"Error",
        ("workflow.yml", "env: {CI: true", "env: {CI: true}"),
    )
    pair.run(
        "yq_filter_error",
        "yq -r -f ports.jq compose.yml",
        r"Cannot iterate over null",
        ("ports.jq", "(.value.ports[] |", "(.value.ports[]? |"),
    )


def openssl(c: Any) -> None:
    needs(c, "openssl")
    proj = c.project("certs", {"README": "test certificates\n"})
    quiet = "-subj /CN={cn} -days 30 -nodes 2>/dev/null"
    c.setup(
        "openssl req -x509 -newkey rsa:2048 -keyout ca.key -out ca.pem "
        + quiet.format(cn="Example-Root-CA")
        + " && openssl req -x509 -newkey rsa:2048 -keyout other.key -out other.pem "
        + quiet.format(cn="Other-CA")
        + " && openssl req -newkey rsa:2048 -keyout api.key -out api.csr "
        + quiet.format(cn="api.example.com")
        + " && openssl x509 -req -in api.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out api.pem -days 30"
        + " 2>/dev/null && printf 'CAFILE=other.pem\\n' > verify.env && printf 'HOST=www.example.com\\n' > host.env",
        proj,
    )
    pair = Pair(c, "openssl", proj)
    pair.run(
        "openssl_unknown_issuer",
        '. ./verify.env && openssl verify -CAfile "$CAFILE" api.pem',
        r"unable to get local issuer certificate",
        ("verify.env", "CAFILE=other.pem", "CAFILE=ca.pem"),
    )
    pair.run(
        "openssl_hostname_mismatch",
        '. ./host.env && openssl verify -CAfile ca.pem -verify_hostname "$HOST" api.pem',
        r"hostname mismatch",
        ("host.env", "HOST=www.example.com", "HOST=api.example.com"),
    )


def node_test(c: Any) -> None:
    needs(c, "node")
    proj = c.project(
        "slugify",
        {
            "package.json": """
            {"name": "slugify", "private": true, "type": "module"}
        """,
            "src/slug.js": """
            export function slugify(title) {
              return title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
            }
        """,
            "test/slug.test.js": """
            import { test } from "node:test";
            import assert from "node:assert/strict";
            import { slugify } from "../src/slug.js";

            test("trims dashes at both ends", () => {
              assert.equal(slugify("  Hello, World!  "), "hello-world");
            });
        """,
            "src/config.js": """
            export function load(env) {
              return { port: Number(env.PORT ?? 3000), hosts: env.HOSTS.split(",") };
            }
        """,
            "test/config.test.js": """
            import { test } from "node:test";
            import assert from "node:assert/strict";
            import { load } from "../src/config.js";

            test("defaults without environment", () => {
              assert.deepEqual(load({}), { port: 3000, hosts: ["localhost"] });
            });
        """,
        },
    )
    pair = Pair(c, "node_test", proj)
    pair.run(
        "node_test_assertion",
        "node --test test/slug.test.js",
        r"AssertionError",
        (
            "src/slug.js",
            '.replace(/[^a-z0-9]+/g, "-");',
            '.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");',
        ),
    )
    pair.run(
        "node_test_type_error",
        "node --test test/config.test.js",
        r"TypeError",
        ("src/config.js", 'env.HOSTS.split(",")', '(env.HOSTS ?? "localhost").split(",")'),
    )
