"""Where the twenty-third held-out part (twentythird.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: Windows' own ways of setting a service's or a machine's environment (``setx
/M``, a registry export of the machine's ``Environment`` key, PowerShell's ``SetEnvironmentVariable``, NSSM's
``AppEnvironmentExtra``, a WinSW service file's ``<env>`` and IIS's ``<environmentVariables>``). Places of one vendor
follow, each named for it: its API called as its documentation shows (PowerShell, C#, Kotlin, Dart, R, PHP, Elixir,
Erlang, Go, Java, MATLAB, Excel VBA, Google Apps Script, Power Query, C++ with cpr, Objective-C, AutoHotkey, Ruby's
HTTParty, Angular, Rust's ureq, SAS, ABAP and Python's requests)."""

from __future__ import annotations

import random

from .fifth_places import Place


def setx_machine_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\> REM provision the reporting host (run as administrator)\n"
        f'C:\\> setx /M {var} "{value}"\n\n'
        "SUCCESS: Specified value was saved.\n"
        "C:\\> sc.exe stop ReportWorker && sc.exe start ReportWorker\n"
    ), value


def reg_export_machine_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Windows Registry Editor Version 5.00\n\n"
        "[HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment]\n"
        '"ComSpec"=hex(2):25,00,53,00,79,00,73,00,74,00,65,00,6d,00,00,00\n'
        '"NUMBER_OF_PROCESSORS"="8"\n'
        f'"{var}"="{value}"\n'
        '"OS"="Windows_NT"\n'
    ), value


def powershell_set_machine_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# provision.ps1: machine-wide settings for the ingest service\n"
        "$ErrorActionPreference = 'Stop'\n"
        f"[Environment]::SetEnvironmentVariable('{var}', '{value}', 'Machine')\n"
        "Restart-Service -Name IngestSvc\n"
    ), value


def nssm_app_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\tools> .\\nssm.exe install PriceFeed C:\\PriceFeed\\feed.exe\n"
        'Service "PriceFeed" installed successfully!\n'
        f"PS C:\\tools> .\\nssm.exe set PriceFeed AppEnvironmentExtra {var}={value}\n"
        'Set parameter "AppEnvironmentExtra" for service "PriceFeed".\n'
    ), value


def winsw_service_xml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- C:\\svc\\enricher\\enricher.xml (WinSW) -->\n<service>\n  <id>enricher</id>\n"
        "  <name>Lead enricher</name>\n  <executable>%BASE%\\node\\node.exe</executable>\n"
        "  <arguments>%BASE%\\app\\main.js</arguments>\n"
        f'  <env name="{var}" value="{value}"/>\n'
        '  <log mode="roll"/>\n</service>\n'
    ), value


def iis_environment_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!-- web.config of the catalogue site (ASP.NET Core on IIS) -->\n'
        "<configuration>\n  <system.webServer>\n"
        '    <aspNetCore processPath="dotnet" arguments=".\\Catalogue.dll" hostingModel="inprocess">\n'
        "      <environmentVariables>\n"
        f'        <environmentVariable name="{var}" value="{value}" />\n'
        "      </environmentVariables>\n    </aspNetCore>\n  </system.webServer>\n</configuration>\n"
    ), value


SHARED = (
    setx_machine_env,
    reg_export_machine_environment,
    powershell_set_machine_env,
    nssm_app_environment,
    winsw_service_xml_env,
    iis_environment_variables,
)


# -- places of one vendor: its API as its documentation shows it, or its client ------------------------------------


def userstack_powershell_irm(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Get-Agents.ps1: classify the user agents in yesterday's IIS log\n"
        f"$key = '{value}'\n"
        "Get-Content .\\agents.txt | ForEach-Object {\n"
        '  Invoke-RestMethod "https://api.userstack.com/detect?access_key=$key&ua=$([uri]::EscapeDataString($_))"\n'
        "}\n"
    ), value


def mediastack_csharp_httpclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// NewsDesk/Feeds/MediastackFeed.cs\nusing System.Net.Http;\n\npublic sealed class MediastackFeed\n{\n"
        f'    private const string AccessKey = "{value}";\n'
        "    private readonly HttpClient _http = new();\n\n"
        "    public Task<string> LatestAsync(string country) =>\n"
        '        _http.GetStringAsync($"http://api.mediastack.com/v1/news?access_key={AccessKey}&countries={country}");\n'
        "}\n"
    ), value


def geocodify_python_requests(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# geo/backfill.py: coordinates for the stores that have none\nimport requests\n\n"
        f'GEOCODIFY_KEY = "{value}"\n\n'
        "def geocode(address: str) -> dict:\n"
        '    r = requests.get("https://api.geocodify.com/v2/geocode",\n'
        '                     params={"api_key": GEOCODIFY_KEY, "q": address})\n'
        "    r.raise_for_status()\n    return r.json()\n"
    ), value


def purestake_kotlin_algod(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// app/src/main/java/example/wallet/Chain.kt\nimport com.algorand.algosdk.v2.client.common.AlgodClient\n\n"
        "object Chain {\n"
        '    val algod = AlgodClient("https://testnet-algorand.api.purestake.io/ps2", 443, "",\n'
        f'        "X-API-Key", "{value}")\n'
        "}\n"
    ), value


def ipquality_dart_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// lib/fraud/ip_check.dart\nimport 'package:http/http.dart' as http;\n\n"
        f"const _ipqsKey = '{value}';\n\n"
        "Future<String> score(String ip) async {\n"
        "  final r = await http.get(Uri.parse('https://ipqualityscore.com/api/json/ip/$_ipqsKey/$ip?strictness=1'));\n"
        "  return r.body;\n}\n"
    ), value


def ritekit_r_httr(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# analysis/hashtags.R\nlibrary(httr)\n\n"
        'res <- GET("https://api.ritekit.com/v1/stats/hashtag-suggestions",\n'
        f'           query = list(text = "rainwater harvesting", client_id = "{value}"))\n'
        "str(content(res))\n"
    ), value


def languagelayer_php_guzzle(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// app/Support/DetectLanguage.php\nuse GuzzleHttp\\Client;\n\n"
        "$client = new Client(['base_uri' => 'http://api.languagelayer.com/']);\n"
        "$res = $client->get('detect', ['query' => [\n"
        f"    'access_key' => '{value}',\n"
        "    'query' => $ticket->body,\n]]);\n"
    ), value


def countrylayer_elixir_req(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/shop/countries.ex\ndefmodule Shop.Countries do\n"
        f'  @key "{value}"\n\n'
        "  def all do\n"
        '    Req.get!("http://api.countrylayer.com/v2/all", params: [access_key: @key]).body\n'
        "  end\nend\n"
    ), value


def scrapestack_erlang_httpc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "%% src/crawl_fetch.erl\n-module(crawl_fetch).\n-export([page/1]).\n\n"
        f'-define(KEY, "{value}").\n\n'
        "page(Url) ->\n"
        '    Q = "http://api.scrapestack.com/scrape?access_key=" ++ ?KEY ++ "&url=" ++ uri_string:quote(Url),\n'
        "    {ok, {_, _, Body}} = httpc:request(Q),\n    Body.\n"
    ), value


def vatlayer_go_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// internal/vat/check.go\npackage vat\n\nimport "net/http"\n\n'
        f'const accessKey = "{value}"\n\n'
        "func Validate(number string) (*http.Response, error) {\n"
        '\treturn http.Get("http://apilayer.net/api/validate?access_key=" + accessKey + "&vat_number=" + number)\n'
        "}\n"
    ), value


def pdflayer_java_okhttp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main/java/example/invoices/PdfRender.java\n"
        'HttpUrl url = HttpUrl.parse("http://api.pdflayer.com/api/convert").newBuilder()\n'
        f'    .addQueryParameter("access_key", "{value}")\n'
        '    .addQueryParameter("document_url", invoiceUrl)\n    .build();\n'
        "Response pdf = client.newCall(new Request.Builder().url(url).post(RequestBody.create(new byte[0])).build())"
        ".execute();\n"
    ), value


def screenshotlayer_matlab_webread(rng: random.Random, var: str, value: str) -> Place:
    return (
        "% thumbs.m: thumbnails of the partner sites for the quarterly deck\n"
        f"key = '{value}';\n"
        "opts = weboptions('ContentType', 'binary', 'Timeout', 60);\n"
        "img = webread('http://api.screenshotlayer.com/api/capture', 'access_key', key, ...\n"
        "              'url', 'https://partner.example', 'viewport', '1440x900', opts);\n"
    ), value


def coinlayer_excel_vba(rng: random.Random, var: str, value: str) -> Place:
    return (
        "' Module1 of treasury.xlsm\nSub RefreshRates()\n    Dim http As Object\n"
        '    Set http = CreateObject("MSXML2.XMLHTTP")\n'
        '    http.Open "GET", "http://api.coinlayer.com/live?access_key='
        f'{value}&symbols=BTC,ETH", False\n'
        '    http.Send\n    Sheets("Rates").Range("A1").Value = http.responseText\nEnd Sub\n'
    ), value


def worldcoinindex_apps_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Code.gs (bound to the Crypto prices sheet)\nfunction refreshTicker() {\n"
        f"  const key = '{value}';\n"
        "  const url = 'https://www.worldcoinindex.com/apiservice/ticker?key=' + key + '&label=ethbtc&fiat=eur';\n"
        "  const data = JSON.parse(UrlFetchApp.fetch(url).getContentText());\n"
        "  SpreadsheetApp.getActiveSheet().getRange('B2').setValue(data.Markets[0].Price);\n}\n"
    ), value


def upcdatabase_power_query(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Power Query (M): Products lookup\nlet\n"
        f'    Key = "{value}",\n'
        '    Source = Json.Document(Web.Contents("https://api.upcdatabase.org/product/0111222333446",\n'
        '        [Headers = [Authorization = "Bearer " & Key]]))\nin\n    Source\n'
    ), value


def linkpreview_cpp_cpr(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/unfurl.cpp: link cards for the chat client\n#include <cpr/cpr.h>\n\n"
        "cpr::Response unfurl(const std::string& url) {\n"
        '    return cpr::Get(cpr::Url{"https://api.linkpreview.net/"},\n'
        f'                    cpr::Parameters{{{{"key", "{value}"}}, {{"q", url}}}});\n'
        "}\n"
    ), value


def vpnapi_objc_nsurlsession(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Checkout/VPNCheck.m\n"
        f'static NSString *const kVPNAPIKey = @"{value}";\n\n'
        "- (void)checkAddress:(NSString *)ip {\n"
        '    NSString *u = [NSString stringWithFormat:@"https://vpnapi.io/api/%@?key=%@", ip, kVPNAPIKey];\n'
        "    [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:u]] resume];\n}\n"
    ), value


def restpack_autohotkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; snap.ahk: Ctrl+Alt+S saves a screenshot of the URL on the clipboard\n^!s::\n"
        'req := ComObjCreate("WinHttp.WinHttpRequest.5.1")\n'
        'req.Open("POST", "https://restpack.io/api/screenshot/v7/capture")\n'
        f'req.SetRequestHeader("x-access-token", "{value}")\n'
        'req.SetRequestHeader("Content-Type", "application/x-www-form-urlencoded")\n'
        'req.Send("url=" . Clipboard . "&format=png")\nreturn\n'
    ), value


def fixer_ruby_httparty(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/pricing/fx_rates.rb\nrequire 'httparty'\n\nmodule Pricing\n  class FxRates\n"
        "    include HTTParty\n    base_uri 'http://data.fixer.io/api'\n\n"
        "    def latest\n"
        f"      self.class.get('/latest', query: {{ access_key: '{value}', symbols: 'USD,GBP,CHF' }})\n"
        "    end\n  end\nend\n"
    ), value


def ipapi_typescript_angular(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/app/geo/geo.service.ts\nimport { HttpClient } from '@angular/common/http';\n"
        "import { Injectable } from '@angular/core';\n\n@Injectable({ providedIn: 'root' })\n"
        "export class GeoService {\n"
        f"  private readonly key = '{value}';\n"
        "  constructor(private http: HttpClient) {}\n"
        "  lookup(ip: string) {\n"
        "    return this.http.get(`https://api.ipapi.com/${ip}?access_key=${this.key}`);\n  }\n}\n"
    ), value


def serpstack_rust_ureq(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/bin/rank.rs\nfn main() -> Result<(), ureq::Error> {\n"
        '    let body = ureq::get("http://api.serpstack.com/search")\n'
        f'        .query("access_key", "{value}")\n'
        '        .query("query", "acme trail shoes")\n        .call()?\n        .into_string()?;\n'
        '    println!("{}", body);\n    Ok(())\n}\n'
    ), value


def mailboxlayer_sas_proc_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/* check_emails.sas: validate the new leads' addresses before the mailing */\nfilename resp temp;\n"
        'proc http\n  url="http://apilayer.net/api/check?access_key='
        f'{value}&email=lead%40example.org&smtp=1"\n'
        '  method="GET" out=resp;\nrun;\nlibname mbl json fileref=resp;\n'
    ), value


def exchangerateapi_abap(rng: random.Random, var: str, value: str) -> Place:
    return (
        "* ZFX_RATES_PULL: daily rates into TCURR staging\nDATA lo_client TYPE REF TO if_http_client.\n"
        "cl_http_client=>create_by_url(\n  EXPORTING url = "
        f"'https://v6.exchangerate-api.com/v6/{value}/latest/EUR'\n"
        "  IMPORTING client = lo_client ).\nlo_client->send( ).\nlo_client->receive( ).\n"
        "DATA(lv_json) = lo_client->response->get_cdata( ).\n"
    ), value


ONE_VENDOR = (
    userstack_powershell_irm,
    mediastack_csharp_httpclient,
    geocodify_python_requests,
    purestake_kotlin_algod,
    ipquality_dart_http,
    ritekit_r_httr,
    languagelayer_php_guzzle,
    countrylayer_elixir_req,
    scrapestack_erlang_httpc,
    vatlayer_go_http,
    pdflayer_java_okhttp,
    screenshotlayer_matlab_webread,
    coinlayer_excel_vba,
    worldcoinindex_apps_script,
    upcdatabase_power_query,
    linkpreview_cpp_cpr,
    vpnapi_objc_nsurlsession,
    restpack_autohotkey,
    fixer_ruby_httparty,
    ipapi_typescript_angular,
    serpstack_rust_ureq,
    mailboxlayer_sas_proc_http,
    exchangerateapi_abap,
)
