"""Where the twenty-second held-out part (twentysecond.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: process supervisors' and service managers' environment settings (a
supervisord program's ``environment``, an Upstart job's ``env``, a Podman Quadlet unit, FreeBSD's ``rc.conf``, a God
watch's ``w.env`` and a Circus ``[env:...]`` section). Places of one vendor follow, each named for it:
its API called as its documentation shows (Rust's reqwest, Swift's URLSession, Julia's HTTP.jl, Perl's LWP, Lua's
LuaSec, Scala's sttp, Clojure's clj-http, Haskell's req, Crystal, Nim, Deno, Bun, Groovy, F#, VB.NET, Zig, Tcl, and on
the command line HTTPie, wget and aria2), or a client library in the language its users write (Python, Ruby)."""

from __future__ import annotations

import random

from .fifth_places import Place


def supervisor_program_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/supervisor/conf.d/enricher.conf\n[program:enricher]\ncommand=/srv/enricher/.venv/bin/python -m "
        "enricher\ndirectory=/srv/enricher\nuser=enricher\nautorestart=true\n"
        f'environment=PYTHONUNBUFFERED="1",{var}="{value}"\n'
        "stdout_logfile=/var/log/enricher.log\n"
    ), value


def upstart_job_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/init/geocoder.conf (Upstart)\ndescription "geocoding worker"\nstart on runlevel [2345]\n'
        "stop on runlevel [!2345]\nrespawn\nsetuid geocoder\n"
        f"env {var}={value}\n"
        "exec /opt/geocoder/bin/worker --queue geocode\n"
    ), value


def quadlet_container_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/containers/systemd/harvester.container\n[Unit]\nDescription=nightly harvester\n\n[Container]\n"
        "Image=registry.acme.example/harvester:2.4\nAutoUpdate=registry\n"
        f"Environment={var}={value}\n"
        "Volume=%h/harvest:/data:Z\n\n[Install]\nWantedBy=default.target\n"
    ), value


def freebsd_rc_conf_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/rc.conf (excerpt)\nhostname="jail-api.acme.example"\nsshd_enable="YES"\napi_enable="YES"\n'
        'api_user="www"\n'
        f'api_env="{var}={value} LANG=C.UTF-8"\n'
        'ntpd_enable="YES"\n'
    ), value


def god_watch_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/importer.god\nGod.watch do |w|\n  w.name = 'importer'\n  w.dir = '/srv/importer'\n"
        "  w.start = 'bundle exec ruby importer.rb'\n"
        f"  w.env = {{ '{var}' => '{value}', 'RACK_ENV' => 'production' }}\n"
        "  w.keepalive\nend\n"
    ), value


def circus_ini_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/circus/circusd.ini\n[circus]\ncheck_delay = 5\n\n[watcher:scorer]\n"
        "cmd = /opt/scorer/bin/scorer --port $(circus.sockets.web)\nnumprocesses = 2\n\n[env:scorer]\n"
        f"{var} = {value}\n"
        "TZ = UTC\n"
    ), value


SHARED = (
    supervisor_program_environment,
    upstart_job_env,
    quadlet_container_environment,
    freebsd_rc_conf_env,
    god_watch_env,
    circus_ini_env,
)


# -- places of one vendor: its API as its documentation shows it, or its client ------------------------------------


def marketstack_rust_reqwest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/quotes.rs\nuse serde_json::Value;\n\n"
        "pub async fn end_of_day(symbol: &str) -> reqwest::Result<Value> {\n"
        '    reqwest::Client::new()\n        .get("https://api.marketstack.com/v1/eod")\n'
        f'        .query(&[("access_key", "{value}"), ("symbols", symbol)])\n'
        "        .send()\n        .await?\n        .json()\n        .await\n}\n"
    ), value


def ipstack_swift_urlsession(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Sources/Geo/IPLookup.swift\nimport Foundation\n\nstruct IPLookup {\n"
        f'    let accessKey = "{value}"\n\n'
        "    func locate(_ ip: String) async throws -> Data {\n"
        '        let url = URL(string: "https://api.ipstack.com/\\(ip)?access_key=\\(accessKey)")!\n'
        "        let (data, _) = try await URLSession.shared.data(from: url)\n        return data\n    }\n}\n"
    ), value


def neutrinoapi_julia_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# scripts/check_urls.jl\nusing HTTP, JSON3\n\n"
        'const HEADERS = ["user-id" => "acme-research",\n'
        f'                 "api-key" => "{value}"]\n\n'
        'r = HTTP.post("https://neutrinoapi.net/url-info", HEADERS, HTTP.Form(Dict("url" => ARGS[1])))\n'
        "println(JSON3.read(r.body).valid)\n"
    ), value


def abstractapi_perl_lwp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/perl\n# bin/validate-signups.pl\nuse strict; use warnings;\nuse LWP::UserAgent; use URI;\n\n"
        "my $uri = URI->new('https://emailvalidation.abstractapi.com/v1/');\n"
        f"$uri->query_form(api_key => '{value}', email => $ARGV[0]);\n"
        'print LWP::UserAgent->new->get($uri)->decoded_content, "\\n";\n'
    ), value


def debounce_lua_socket(rng: random.Random, var: str, value: str) -> Place:
    return (
        '-- plugins/signup_check.lua\nlocal https = require("ssl.https")\nlocal url = require("socket.url")\n\n'
        "local function check(email)\n"
        f'  local body = https.request("https://api.debounce.io/v1/?api={value}&email=" .. url.escape(email))\n'
        "  return body\nend\n\nreturn { check = check }\n"
    ), value


def carboninterface_scala_sttp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main/scala/footprint/Estimate.scala\nimport sttp.client3._\n\nobject Estimate extends App {\n"
        '  val body = """{"type":"electricity","electricity_unit":"mwh","electricity_value":42,"country":"de"}"""\n'
        '  val response = basicRequest\n    .post(uri"https://www.carboninterface.com/api/v1/estimates")\n'
        f'    .auth.bearer("{value}")\n'
        '    .contentType("application/json")\n    .body(body)\n    .send(HttpClientSyncBackend())\n'
        "  println(response.body)\n}\n"
    ), value


def sportradar_clojure_clj_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(ns scores.feed\n  (:require [clj-http.client :as http]))\n\n(defn daily-schedule [date]\n"
        '  (-> (http/get (str "https://api.sportradar.com/soccer/trial/v4/en/schedules/" date "/schedules.json")\n'
        f'                {{:query-params {{"api_key" "{value}"}}\n'
        "                 :as :json})\n      :body))\n"
    ), value


def ip2location_haskell_req(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- src/Geo.hs\n{-# LANGUAGE OverloadedStrings #-}\nmodule Geo (lookupIp) where\n\nimport Network.HTTP.Req\n"
        "import Data.Aeson (Value)\nimport Data.Text (Text)\n\nlookupIp :: Text -> IO Value\nlookupIp ip = runReq "
        'defaultHttpConfig $ do\n  r <- req GET (https "api.ip2location.io") NoReqBody jsonResponse $\n'
        f'         "key" =: ("{value}" :: Text) <> "ip" =: ip\n'
        "  pure (responseBody r)\n"
    ), value


def pepipost_crystal_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# src/mailer.cr\nrequire "http/client"\nrequire "json"\n\n'
        "headers = HTTP::Headers{\n"
        f'  "api_key"      => "{value}",\n'
        '  "Content-Type" => "application/json",\n}\n'
        'body = {from: {email: "news@acme.example"}, subject: "Weekly", personalizations: [{to: [{email: ARGV[0]}]}]}\n'
        'HTTP::Client.post("https://emailapi.netcorecloud.net/v5.1/mail/send", headers: headers, body: body.to_json)\n'
    ), value


def worldweather_nim_httpclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# src/forecast.nim\nimport std/[httpclient, uri]\n\nlet client = newHttpClient()\n"
        'let query = encodeQuery({"q": "Innsbruck", "format": "json", "num_of_days": "3",\n'
        f'                         "key": "{value}"}})\n'
        'echo client.getContent("https://api.worldweatheronline.com/premium/v1/weather.ashx?" & query)\n'
    ), value


def zenserp_deno_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// tools/serp.ts (deno run --allow-net tools/serp.ts 'query')\n"
        'const url = new URL("https://app.zenserp.com/api/v2/search");\nurl.searchParams.set("q", Deno.args[0]);\n'
        'url.searchParams.set("location", "Vienna,Austria");\n'
        f'const res = await fetch(url, {{ headers: {{ apikey: "{value}" }} }});\n'
        "console.log((await res.json()).organic?.slice(0, 5));\n"
    ), value


def tyntec_bun_verify(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/otp.ts (bun)\nexport async function startVerification(phone: string) {\n"
        '  const res = await fetch("https://api.tyntec.com/verify/v1/start", {\n    method: "POST",\n'
        f'    headers: {{ apikey: "{value}", "Content-Type": "application/json" }},\n'
        '    body: JSON.stringify({ to: phone, channel: "sms" }),\n  });\n  return res.json();\n}\n'
    ), value


def speechtextai_groovy_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/Transcribe.groovy\ndef audio = new File(args[0]).bytes\n"
        "def conn = new URL('https://api.speechtext.ai/recognize?key="
        f"{value}"
        "&language=de-DE&punctuation=true&format=m4a').openConnection()\n"
        "conn.requestMethod = 'POST'\nconn.doOutput = true\n"
        "conn.setRequestProperty('Content-Type', 'application/octet-stream')\n"
        "conn.outputStream.withStream { it << audio }\nprintln conn.inputStream.text\n"
    ), value


def nicereply_fsharp_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Survey.fsx\nopen System\nopen System.Net.Http\nopen System.Net.Http.Headers\n\n"
        f'let apiKey = "{value}"\n'
        'let client = new HttpClient()\nlet token = Convert.ToBase64String(Text.Encoding.ASCII.GetBytes(":" + apiKey))'
        '\nclient.DefaultRequestHeaders.Authorization <- AuthenticationHeaderValue("Basic", token)\n'
        'client.GetStringAsync("https://api.nicereply.com/v1/ratings?page=1").Result |> printfn "%s"\n'
    ), value


def repairshopr_vbnet_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "' TicketSync/RepairShoprClient.vb\nImports System.Net.Http\nImports System.Net.Http.Headers\n\n"
        "Public Module RepairShoprClient\n    Private ReadOnly Http As New HttpClient With {\n"
        '        .BaseAddress = New Uri("https://fixit-lab.repairshopr.com/api/v1/")}\n\n'
        "    Public Async Function TicketsAsync() As Task(Of String)\n"
        "        Http.DefaultRequestHeaders.Authorization =\n"
        f'            New AuthenticationHeaderValue("Bearer", "{value}")\n'
        '        Return Await Http.GetStringAsync("tickets?status=Open")\n    End Function\nEnd Module\n'
    ), value


def mindmeister_httpie_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ http GET https://www.mindmeister.com/api/v2/maps/3184470911 \\\n"
        f"    'Authorization:Bearer {value}'\n"
        'HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n\n{\n    "id": 3184470911,\n'
        '    "title": "Q3 roadmap"\n}\n'
    ), value


def scrapfly_python_sdk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# crawl/prices.py\nfrom scrapfly import ScrapeConfig, ScrapflyClient\n\n"
        f"scrapfly = ScrapflyClient(key='{value}')\n"
        "result = scrapfly.scrape(ScrapeConfig(url='https://shop.example/product/42', asp=True, country='de'))\n"
        "print(result.selector.css('span.price::text').get())\n"
    ), value


def veriphone_wget_query(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# check-numbers.sh: tidy the CRM's phone column before import\nwhile read -r phone; do\n"
        f'  wget -qO- "https://api.veriphone.io/v2/verify?key={value}&phone=$phone" | jq -r .phone_valid\n'
        "done < numbers.txt\n"
    ), value


def uplead_zig_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// src/enrich.zig\nconst std = @import("std");\n\npub fn company(alloc: std.mem.Allocator, domain: []const u8)'
        " !void {\n    var client = std.http.Client{ .allocator = alloc };\n    defer client.deinit();\n"
        '    const url = try std.fmt.allocPrint(alloc, "https://api.uplead.com/v2/company-search?domain={s}", '
        ".{domain});\n    _ = try client.fetch(.{\n        .location = .{ .url = url },\n"
        f'        .extra_headers = &.{{.{{ .name = "Authorization", .value = "{value}" }}}},\n'
        "    });\n}\n"
    ), value


def swiftype_ruby_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/initializers/swiftype.rb\nrequire 'swiftype'\n\n"
        f"Swiftype.api_key = '{value}'\n"
        "SITE_SEARCH = Swiftype::Client.new\n"
    ), value


def timezoneapi_tcl_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/env tclsh\n# clock/zone.tcl\npackage require http\npackage require tls\n"
        "http::register https 443 ::tls::socket\n\n"
        f"set query [http::formatQuery token {value}]\n"
        'set tok [http::geturl "https://timezoneapi.io/api/ip/?$query"]\nputs [http::data $tok]\nhttp::cleanup $tok\n'
    ), value


def prodpad_aria2_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ aria2c --header='Accept: application/json' \\\n"
        f"    --header='Authorization: Bearer {value}' \\\n"
        "    -o ideas.json 'https://api.prodpad.com/v1/ideas?size=500'\n"
        "Download Results:\ngid   |stat|avg speed  |path/URI\n======+====+===========+====================\n"
        "3f1c2a|OK  |   118KiB/s|./ideas.json\n"
    ), value


ONE_VENDOR = (
    marketstack_rust_reqwest,
    ipstack_swift_urlsession,
    neutrinoapi_julia_http,
    abstractapi_perl_lwp,
    debounce_lua_socket,
    carboninterface_scala_sttp,
    sportradar_clojure_clj_http,
    ip2location_haskell_req,
    pepipost_crystal_http,
    worldweather_nim_httpclient,
    zenserp_deno_fetch,
    tyntec_bun_verify,
    speechtextai_groovy_http,
    nicereply_fsharp_basic,
    repairshopr_vbnet_bearer,
    mindmeister_httpie_bearer,
    scrapfly_python_sdk,
    veriphone_wget_query,
    uplead_zig_header,
    swiftype_ruby_client,
    timezoneapi_tcl_http,
    prodpad_aria2_header,
)
