"""Where the twenty-fourth held-out part (twentyfourth.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: load testers' and API test runners' ways of handing a script a value (k6's
``-e``, JMeter's ``-J`` property, a Hurl variables file, an Artillery script's ``config.variables``, a Gatling
simulation's ``-D`` system property through Maven, Newman's ``--env-var``). Places of one vendor follow, each named for
it: its API called as its documentation shows, from languages no other part calls an API from (OCaml, Common Lisp,
Racket, Gleam, Raku, D, V, Ada, Delphi, Elm, PureScript, ReScript, Pharo, SWI-Prolog, Guile, Babashka, Vala, Godot's
GDScript, Roblox's Luau, the Wolfram Language, Haxe, Salesforce's Apex and AutoIt)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, s


def k6_run_env_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cd loadtest && git pull -q\n"
        f"$ k6 run -e {var}={value} -e VUS=50 --duration 5m scenarios/checkout.js\n\n"
        "          /\\      |‾‾| /‾‾/   /‾‾/\n     /\\  /  \\     |  |/  /   /  /\n"
        "  execution: local\n     script: scenarios/checkout.js\n     output: -\n"
    ), value


def jmeter_cli_property(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# run-soak.sh: the nightly soak test, results to the share\n"
        "JMETER_HOME=/opt/apache-jmeter-5.6.3\n"
        f'"$JMETER_HOME/bin/jmeter" -n -t plans/soak.jmx -Jthreads=40 -Jduration=3600 -J{var}={value} \\\n'
        "  -l results/soak-$(date +%F).jtl -e -o results/soak-$(date +%F)\n"
    ), value


def hurl_variables_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat smoke.vars\nhost=https://staging.shop.example\n"
        f"{var}={value}\n"
        "$ hurl --variables-file smoke.vars --test smoke/*.hurl\n"
        "smoke/catalogue.hurl: Success (4 request(s) in 812 ms)\n"
    ), value


def artillery_yml_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# load/artillery.yml\nconfig:\n  target: https://staging.api.example\n  phases:\n"
        "    - duration: 300\n      arrivalRate: 20\n  variables:\n"
        f'    {var}: "{value}"\nscenarios:\n'
        "  - flow:\n      - get:\n          url: /v1/quotes\n"
    ), value


def gatling_maven_system_property(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[perf@ci-runner-3 perf-tests]$ ./mvnw -q gatling:test "
        f"-Dgatling.simulationClass=perf.PricingSimulation -Dusers=200 -D{var}={value}\n"
        "Simulation perf.PricingSimulation started...\n"
        "================================================================================\n"
    ), value


def newman_env_var(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ci/contract-tests.sh\nset -eu\nnpx newman run collections/partners.postman_collection.json \\\n"
        f'  --env-var "{var}={value}" \\\n'
        "  --reporters cli,junit --reporter-junit-export reports/partners.xml\n"
    ), value


SHARED = (
    k6_run_env_flag,
    jmeter_cli_property,
    hurl_variables_file,
    artillery_yml_variables,
    gatling_maven_system_property,
    newman_env_var,
)


# -- places of one vendor: its API as its documentation shows it, from a language no other part has ----------------


def abyssale_ocaml_cohttp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(* bin/banner.ml: the weekly banner, rendered by Abyssale *)\nopen Lwt.Syntax\n\n"
        f'let abyssale_key = "{value}"\n\n'
        "let render template_id =\n"
        '  let headers = Cohttp.Header.of_list [ ("x-api-key", abyssale_key) ] in\n'
        '  let uri = Uri.of_string ("https://api.abyssale.com/banner-builder/" ^ template_id ^ "/generate") in\n'
        '  let* _resp, body = Cohttp_lwt_unix.Client.post ~headers ~body:(`String "{}") uri in\n'
        "  Cohttp_lwt.Body.to_string body\n"
    ), value


def alconost_common_lisp_dexador(rng: random.Random, var: str, value: str) -> Place:
    return (
        ";;;; src/translate.lisp: strings sent to Alconost Nitro for translation\n(in-package :l10n)\n\n"
        f'(defparameter *alconost-key* "{value}")\n\n'
        "(defun account ()\n"
        '  (dex:get "https://nitro.alconost.com/api/v1/account"\n'
        '           :basic-auth (cons *alconost-key* "")))\n'
    ), value


def allsports_racket_http_easy(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#lang racket/base\n;; scores.rkt: today's fixtures for the office screen\n(require net/http-easy)\n\n"
        f'(define allsports-key "{value}")\n\n'
        '(response-json (get "https://apiv2.allsportsapi.com/football/"\n'
        '                    #:params `((met . "Fixtures") (APIkey . ,allsports-key))))\n'
    ), value


def bitcoinaverage_gleam_httpc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/ticker.gleam\nimport gleam/http/request\nimport gleam/httpc\n\n"
        f'const bitcoinaverage_key = "{value}"\n\n'
        "pub fn btc_usd() {\n"
        '  let assert Ok(req) = request.to("https://apiv2.bitcoinaverage.com/indices/global/ticker/BTCUSD")\n'
        '  req |> request.set_header("x-ba-key", bitcoinaverage_key) |> httpc.send\n}\n'
    ), value


def blocknative_raku_useragent(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/env raku\n# gas.raku: the gas price the payout job bids\nuse HTTP::UserAgent;\nuse JSON::Fast;\n\n"
        f"my $blocknative-key = '{value}';\n"
        "my $ua = HTTP::UserAgent.new;\n"
        "my $r = $ua.get('https://api.blocknative.com/gasprices/blockprices', Authorization => $blocknative-key);\n"
        "say from-json($r.content)<blockPrices>[0]<estimatedPrices>[0]<price>;\n"
    ), value


def browshot_d_std_net_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// source/thumbs.d: thumbnails of the partner sites, taken by Browshot\nimport std.net.curl, std.uri;\n\n"
        f'enum browshotKey = "{value}";\n\n'
        "auto shoot(string site)\n{\n"
        '    return get("https://api.browshot.com/api/v1/screenshot/create?instance_id=12&url="\n'
        '        ~ encodeComponent(site) ~ "&key=" ~ browshotKey);\n}\n'
    ), value


def bscscan_vlang_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// treasury/balance.v\nmodule main\n\nimport net.http\n\n"
        f"const bscscan_key = '{value}'\n\n"
        "fn balance(addr string) !string {\n"
        "\tresp := http.get('https://api.bscscan.com/api?module=account&action=balance&address=${addr}"
        "&apikey=${bscscan_key}')!\n"
        "\treturn resp.body\n}\n"
    ), value


def currencyscoop_ada_aws_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "--  src/rates.adb: the morning's exchange rates for the ledger\n"
        "with AWS.Client;\nwith AWS.Response;\nwith Ada.Text_IO;\n\nprocedure Rates is\n"
        f'   Currencyscoop_Key : constant String := "{value}";\n'
        "   R : constant AWS.Response.Data := AWS.Client.Get\n"
        '     ("https://api.currencyscoop.com/v1/latest?base=EUR&api_key=" & Currencyscoop_Key);\n'
        "begin\n   Ada.Text_IO.Put_Line (AWS.Response.Message_Body (R));\nend Rates;\n"
    ), value


def currentsapi_delphi_netclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// uNewsTicker.pas\nprocedure TNewsTicker.Refresh;\nvar\n  Client: TNetHTTPClient;\nbegin\n"
        "  Client := TNetHTTPClient.Create(nil);\n  try\n"
        f"    Client.CustomHeaders['Authorization'] := '{value}';\n"
        "    FJson := Client.Get('https://api.currentsapi.services/v1/latest-news?language=en').ContentAsString;\n"
        "  finally\n    Client.Free;\n  end;\nend;\n"
    ), value


def dandelion_elm_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- src/Entities.elm\nmodule Entities exposing (extract)\n\nimport Http\nimport Url\n\n\n"
        "dandelionToken : String\ndandelionToken =\n"
        f'    "{value}"\n\n\n'
        "extract text =\n    Http.get\n"
        '        { url = "https://api.dandelion.eu/datatxt/nex/v1/?lang=en&token=" ++ dandelionToken ++ "&text=" '
        "++ Url.percentEncode text\n"
        "        , expect = Http.expectJson GotEntities entitiesDecoder\n        }\n"
    ), value


def fastforex_purescript_affjax(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- src/Rates.purs\nmodule Rates where\n\nimport Affjax.Web as AX\n"
        "import Affjax.ResponseFormat as ResponseFormat\n\n"
        "fastforexKey :: String\n"
        f'fastforexKey = "{value}"\n\n'
        'fetchAll = AX.get ResponseFormat.json ("https://api.fastforex.io/fetch-all?from=USD&api_key=" '
        "<> fastforexKey)\n"
    ), value


def flightapi_rescript_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/Departures.res\n"
        f'let flightapiKey = "{value}"\n\n'
        "let board = async iata => {\n"
        "  let res = await Fetch.fetch(\n"
        "    `https://api.flightapi.io/compschedule/${flightapiKey}?mode=departures&iata=${iata}&day=1`,\n"
        "    {method: #GET},\n  )\n  await res->Fetch.Response.json\n}\n"
    ), value


def html2pdf_pharo_znclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        '"Reporting-Export >> #saveMonthly: the monthly report as PDF, through html2pdf.app"\n'
        "| html2pdfKey |\n"
        f"html2pdfKey := '{value}'.\n"
        "ZnClient new\n    url: 'https://api.html2pdf.app/v1/generate';\n"
        "    queryAt: 'apiKey' put: html2pdfKey;\n    queryAt: 'url' put: 'https://intranet.example/reports/monthly';\n"
        "    downloadTo: 'monthly.pdf'.\n"
    ), value


def newscatcher_swi_prolog_http_open(rng: random.Random, var: str, value: str) -> Place:
    return (
        "% news.pl: headlines about the portfolio, from NewsCatcher\n:- use_module(library(http/http_open)).\n"
        ":- use_module(library(http/json)).\n\n"
        f"newscatcher_key('{value}').\n\n"
        "search(Q, Dict) :-\n    newscatcher_key(K),\n"
        "    format(atom(URL), 'https://api.newscatcherapi.com/v2/search?q=~w&lang=en', [Q]),\n"
        "    setup_call_cleanup(http_open(URL, In, [request_header('x-api-key'=K)]),\n"
        "                       json_read_dict(In, Dict), close(In)).\n"
    ), value


def scraperbox_guile_web_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        ";; scrape.scm: the price pages, fetched through ScraperBox\n(use-modules (web client) (web uri))\n\n"
        f'(define scraperbox-token "{value}")\n\n'
        "(define (scrape url)\n"
        '  (http-get (string-append "https://api.scraperbox.com/scrape?token=" scraperbox-token\n'
        '                           "&url=" (uri-encode url))))\n'
    ), value


def scrapingant_babashka_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/env bb\n;; fetch-page: one page through ScrapingAnt, printed\n"
        "(require '[babashka.http-client :as http])\n\n"
        f'(def scrapingant-key "{value}")\n\n'
        '(-> (http/get "https://api.scrapingant.com/v2/general"\n'
        '              {:headers {"x-api-key" scrapingant-key}\n'
        '               :query-params {"url" (first *command-line-args*)}})\n    :body\n    println)\n'
    ), value


def serphouse_vala_libsoup(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/rank-check.vala\n"
        f'const string SERPHOUSE_TOKEN = "{value}";\n\n'
        "void main () {\n    var session = new Soup.Session ();\n"
        '    var msg = new Soup.Message ("GET", "https://api.serphouse.com/account/info");\n'
        '    msg.request_headers.append ("Authorization", "Bearer " + SERPHOUSE_TOKEN);\n'
        "    var body = session.send_and_read (msg);\n"
        "    print ((string) body.get_data ());\n}\n"
    ), value


def uclassify_godot_gdscript(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# scripts/npc_mood.gd\nextends Node\n\n"
        f'const UCLASSIFY_KEY := "{value}"\n\n'
        "func classify(line: String) -> void:\n"
        '\tvar headers := ["Authorization: Token " + UCLASSIFY_KEY, "Content-Type: application/json"]\n'
        '\t$HTTPRequest.request("https://api.uclassify.com/v1/uClassify/Sentiment/classify", headers,\n'
        '\t\tHTTPClient.METHOD_POST, JSON.stringify({"texts": [line]}))\n'
    ), value


def zenscrape_roblox_luau(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- ServerScriptService/NewsBoard.server.lua\n"
        'local HttpService = game:GetService("HttpService")\n'
        f'local ZENSCRAPE_KEY = "{value}"\n\n'
        "local res = HttpService:RequestAsync({\n"
        '\tUrl = "https://app.zenscrape.com/api/v1/get?url=" .. HttpService:UrlEncode(NEWS_URL),\n'
        '\tMethod = "GET",\n\tHeaders = { apikey = ZENSCRAPE_KEY },\n})\n'
    ), value


def extractorapi_wolfram_urlexecute(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(* articles.wl: article text for the topic model, through ExtractorAPI *)\n"
        f'extractorapiKey = "{value}";\n'
        'article[url_String] := URLExecute["https://extractorapi.com/api/v1/extractor",\n'
        '   {"apikey" -> extractorapiKey, "url" -> url}, "RawJSON"];\n'
        'texts = article /@ Import["urls.txt", "Lines"];\n'
    ), value


def ethplorer_haxe_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/Holdings.hx\nclass Holdings {\n"
        f'    static inline var ETHPLORER_KEY = "{value}";\n\n'
        "    public static function load(addr:String, done:String->Void) {\n"
        "        var h = new haxe.Http('https://api.ethplorer.io/getAddressInfo/$addr?apiKey=$ETHPLORER_KEY');\n"
        "        h.onData = done;\n        h.request(false);\n    }\n}\n"
    ), value


def selectpdf_apex_httprequest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// force-app/main/default/classes/QuotePdf.cls\npublic with sharing class QuotePdf {\n"
        f"    private static final String SELECTPDF_KEY = '{value}';\n\n"
        "    public static Blob render(String pageUrl) {\n        HttpRequest req = new HttpRequest();\n"
        "        req.setEndpoint('https://selectpdf.com/api2/convert/?key=' + SELECTPDF_KEY + '&url='\n"
        "            + EncodingUtil.urlEncode(pageUrl, 'UTF-8'));\n"
        "        req.setMethod('GET');\n        return new Http().send(req).getBodyAsBlob();\n    }\n}\n"
    ), value


def apitemplate_autoit_winhttp(rng: random.Random, var: str, value: str) -> Place:
    template = s(rng, 6, DIGITS)
    return (
        "; labels.au3: shipping labels from APITemplate.io, sent to the warehouse printer\n"
        f'Local $sApitemplateKey = "{value}"\n'
        'Local $oHTTP = ObjCreate("winhttp.winhttprequest.5.1")\n'
        f'$oHTTP.Open("POST", "https://rest.apitemplate.io/v2/create-pdf?template_id={template}", False)\n'
        '$oHTTP.SetRequestHeader("X-API-KEY", $sApitemplateKey)\n'
        '$oHTTP.SetRequestHeader("Content-Type", "application/json")\n$oHTTP.Send($sJson)\n'
    ), value


ONE_VENDOR = (
    abyssale_ocaml_cohttp,
    alconost_common_lisp_dexador,
    allsports_racket_http_easy,
    bitcoinaverage_gleam_httpc,
    blocknative_raku_useragent,
    browshot_d_std_net_curl,
    bscscan_vlang_http,
    currencyscoop_ada_aws_client,
    currentsapi_delphi_netclient,
    dandelion_elm_http,
    fastforex_purescript_affjax,
    flightapi_rescript_fetch,
    html2pdf_pharo_znclient,
    newscatcher_swi_prolog_http_open,
    scraperbox_guile_web_client,
    scrapingant_babashka_http,
    serphouse_vala_libsoup,
    uclassify_godot_gdscript,
    zenscrape_roblox_luau,
    extractorapi_wolfram_urlexecute,
    ethplorer_haxe_http,
    selectpdf_apex_httprequest,
    apitemplate_autoit_winhttp,
)
