"""Where the twenty-sixth held-out part (twentysixth.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: mobile and game builds' ways of handing a build a setting (``xcodebuild``'s
build settings on its command line, Expo's ``eas env:create``, GameCI's ``customParameters`` for a Unity build,
Cordova's ``plugin add --variable``, a .NET MAUI ``dotnet publish -p:``, NativeScript's ``--env.``). Places of one
vendor follow, each named for it: its API called from a language, an editor, a game engine, a desktop automation tool,
a backup or a screenshot no other part has (ColdFusion's ``cfhttp``, a Raycast script command, Unity's
``UnityWebRequest``, an Alfred workflow's variables, a Keyboard Maestro macro, OpenEdge ABL's HTTP client, a Tasker
task, Tesseract's reading of a screenshot, Ballerina's HTTP client, Thunder Client's environment, a Yaak workspace,
Emacs's verb in Org, Unreal's ``FHttpModule``, Xojo's ``URLConnection``, Free Pascal's ``TFPHTTPClient``, Hack, an
Android app's shared preferences from a backup, Hammerspoon, an Enpass export, Defold's ``http.request``, a Drafts
action, a Make scenario's blueprint and an Appsmith application's export)."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, UPPER, s


def xcodebuild_build_setting_arg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ xcodebuild -workspace FieldApp.xcworkspace -scheme FieldApp -configuration Release "
        f"-archivePath build/FieldApp.xcarchive archive {var}={value} DEVELOPMENT_TEAM=7QX2L9A4BC\n"
        "Command line invocation:\n    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild -workspace "
        "FieldApp.xcworkspace -scheme FieldApp\n\nBuild settings from command line:\n"
        f"    {var} = {value}\n    DEVELOPMENT_TEAM = 7QX2L9A4BC\n"
    ), value


def eas_env_create_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "~/src/crew-app (main) $ npx eas-cli env:create --environment production "
        f"--name {var} --value {value} --visibility sensitive\n"
        f"✔ Created a new variable {var} on project @acme/crew-app.\n"
    ), value


def gameci_unity_builder_custom_parameters(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .github/workflows/build.yml\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n        with:\n          lfs: true\n"
        "      - uses: game-ci/unity-builder@v4\n        env:\n"
        "          UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n        with:\n"
        "          targetPlatform: Android\n"
        f"          customParameters: -{var} {value} -buildChannel beta\n"
    ), value


def cordova_plugin_add_variable(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cordova plugin add cordova-plugin-crm-bridge@2.1.0 "
        f"--variable {var}={value} --save\n"
        'Installing "cordova-plugin-crm-bridge" for android\nInstalling "cordova-plugin-crm-bridge" for ios\n'
        "Adding cordova-plugin-crm-bridge to package.json\n"
    ), value


def dotnet_maui_publish_msbuild_property(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\src\\FieldService> dotnet publish src/FieldService.Maui -f net8.0-android -c Release "
        f"-p:{var}={value} -p:AndroidPackageFormat=aab\n"
        "  Determining projects to restore...\n  All projects are up-to-date for restore.\n"
        "  FieldService.Maui -> C:\\src\\FieldService\\src\\FieldService.Maui\\bin\\Release\\net8.0-android\\\n"
    ), value


def nativescript_build_env_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ns build android --release --env.production "
        f"--env.{var}={value} --key-store-path ./keys/upload.jks\n"
        "Searching for devices...\nPreparing project...\nWebpack compilation complete.\n"
    ), value


SHARED = (
    xcodebuild_build_setting_arg,
    eas_env_create_cmd,
    gameci_unity_builder_custom_parameters,
    cordova_plugin_add_variable,
    dotnet_maui_publish_msbuild_property,
    nativescript_build_env_flag,
)


# -- places of one vendor: its API called from a language, an editor, a game engine, an app, a backup, a screenshot --


def api2cart_cfml_cfhttp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!--- shop/sync/carts.cfm --->\n"
        '<cfhttp url="https://api.api2cart.com/v1.1/cart.list.json" method="get" result="carts">\n'
        f'    <cfhttpparam type="url" name="api_key" value="{value}">\n'
        "</cfhttp>\n<cfset stores = deserializeJSON(carts.fileContent).result.carts>\n"
    ), value


def bombbomb_raycast_script_command(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\n\n# Required parameters:\n# @raycast.schemaVersion 1\n# @raycast.title Recent BombBomb Videos\n"
        "# @raycast.mode fullOutput\n# @raycast.packageName Sales\n\n"
        f'curl -s -H "Authorization: {value}" \\\n'
        '  "https://api.bombbomb.com/v2/videos?limit=5" | jq -r \'.[] | "\\(.name)  \\(.shortUrl)"\'\n'
    ), value


def canny_unity_webrequest_form(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Assets/Scripts/FeedbackPanel.cs\nusing System.Collections;\nusing UnityEngine;\n"
        "using UnityEngine.Networking;\n\npublic class FeedbackPanel : MonoBehaviour\n{\n"
        f'    const string CannyKey = "{value}";\n\n'
        "    IEnumerator Submit(string title, string details)\n    {\n        var form = new WWWForm();\n"
        '        form.AddField("apiKey", CannyKey);\n        form.AddField("boardID", boardId);\n'
        '        form.AddField("title", title);\n'
        '        using var req = UnityWebRequest.Post("https://canny.io/api/v1/posts/create", form);\n'
        "        yield return req.SendWebRequest();\n    }\n}\n"
    ), value


def capsule_alfred_workflow_info_plist(rng: random.Random, var: str, value: str) -> Place:
    uid = f"{s(rng, 8, HEX).upper()}-{s(rng, 4, HEX).upper()}-{s(rng, 4, HEX).upper()}"
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Capsule Lookup.alfredworkflow/info.plist -->\n'
        '<plist version="1.0">\n<dict>\n\t<key>bundleid</key>\n\t<string>com.acme.capsule-lookup</string>\n'
        "\t<key>name</key>\n\t<string>Capsule CRM lookup</string>\n"
        f"\t<key>uid</key>\n\t<string>{uid}</string>\n"
        "\t<key>variables</key>\n\t<dict>\n\t\t<key>capsule_api</key>\n"
        "\t\t<string>https://api.capsulecrm.com/api/v2</string>\n\t\t<key>capsule_token</key>\n"
        f"\t\t<string>{value}</string>\n"
        "\t</dict>\n</dict>\n</plist>\n"
    ), value


def checkvist_keyboard_maestro_macro(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Add to Checkvist.kmmacros (Keyboard Maestro) -->\n'
        '<plist version="1.0">\n<array>\n\t<dict>\n\t\t<key>Macros</key>\n\t\t<array>\n\t\t\t<dict>\n'
        "\t\t\t\t<key>Actions</key>\n\t\t\t\t<array>\n\t\t\t\t\t<dict>\n"
        "\t\t\t\t\t\t<key>MacroActionType</key>\n\t\t\t\t\t\t<string>ExecuteShellScript</string>\n"
        "\t\t\t\t\t\t<key>Text</key>\n"
        "\t\t\t\t\t\t<string>curl -s -X POST https://checkvist.com/checklists/774102/tasks.json "
        f"-d username=ana@acme.example -d remote_key={value} "
        '--data-urlencode "task[content]=$KMVAR_Task"</string>\n'
        "\t\t\t\t\t</dict>\n\t\t\t\t</array>\n\t\t\t\t<key>Name</key>\n\t\t\t\t<string>Add to Checkvist</string>\n"
        "\t\t\t</dict>\n\t\t</array>\n\t</dict>\n</array>\n</plist>\n"
    ), value


def craftmypdf_openedge_abl_http_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/* invoice/pdf-export.p */\nUSING OpenEdge.Net.HTTP.*.\nUSING Progress.Json.ObjectModel.JsonObject.\n\n"
        "DEFINE VARIABLE oBody AS JsonObject NO-UNDO.\nDEFINE VARIABLE oRequest AS IHttpRequest NO-UNDO.\n\n"
        'oBody = NEW JsonObject().\noBody:Add("template_id", "0c977b2b1e08f1a5").\n'
        'oRequest = RequestBuilder:Post("https://api.craftmypdf.com/v1/create", oBody)\n'
        f'             :AddHeader("X-API-KEY", "{value}")\n'
        "             :AcceptJson()\n             :Request.\n"
        "oResponse = ClientBuilder:Build():Client:Execute(oRequest).\n"
    ), value


def d7_tasker_task_http_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<TaskerData sr="" dvi="1" tv="6.3.13">\n\t<Task sr="task12">\n\t\t<id>12</id>\n'
        '\t\t<nme>SMS via D7</nme>\n\t\t<Action sr="act0" ve="7">\n\t\t\t<code>339</code>\n'
        '\t\t\t<Str sr="arg1" ve="3">https://rest-api.d7networks.com/secure/send</Str>\n'
        f'\t\t\t<Str sr="arg2" ve="3">Authorization:Basic {value}\n'
        "Content-Type:application/json</Str>\n"
        '\t\t\t<Str sr="arg4" ve="3">{"to":"%par1","content":"%par2","from":"ACME"}</Str>\n'
        "\t\t</Action>\n\t</Task>\n</TaskerData>\n"
    ), value


def dyspatch_screenshot_tesseract_ocr(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tesseract ~/Desktop/Screenshot\\ 2026-11-27\\ at\\ 10.14.22.png - 2>/dev/null\n"
        "Dyspatch  Workspace Settings\n\nAPI Keys\n\nUse these keys to authenticate requests to the Dyspatch API.\n\n"
        "Name Created Key\n\n"
        f"Production export  Nov 27, 2026  {value}\n\n"
        "Copy  Revoke\n"
    ), value


def enablex_ballerina_http_client(rng: random.Random, var: str, value: str) -> Place:
    app_id = s(rng, 24, HEX)
    return (
        "// modules/voice/client.bal\nimport ballerina/http;\n\n"
        'final http:Client enablex = check new ("https://api.enablex.io/voice/v1", auth = {\n'
        f'    username: "{app_id}",\n'
        f'    password: "{value}"\n'
        "});\n\npublic function callStatus(string voiceId) returns json|error {\n"
        '    return enablex->get("/call/" + voiceId);\n}\n'
    ), value


def flowlu_thunder_client_environment(rng: random.Random, var: str, value: str) -> Place:
    env = {
        "_id": f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}",
        "name": "flowlu-prod",
        "default": False,
        "sortNum": 10000,
        "created": "2026-11-24T08:41:12.118Z",
        "modified": "2026-11-26T15:02:40.907Z",
        "data": [
            {"name": "base", "value": "https://acme.flowlu.com/api/v1/module"},
            {"name": "api_key", "value": value},
        ],
    }
    return "// thunder-tests/thunderEnvironment.json (Thunder Client)\n" + json.dumps([env], indent=2) + "\n", value


def goodday_yaak_workspace_export(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "yaakVersion": "2024.13.0",
        "yaakSchema": 2,
        "resources": {
            "workspaces": [{"id": "wk_" + s(rng, 10, LOWER + UPPER + DIGITS), "name": "Ops tools"}],
            "httpRequests": [
                {
                    "model": "http_request",
                    "name": "GoodDay: my tasks",
                    "method": "GET",
                    "url": "https://api.goodday.work/2.0/user/me/action-required-tasks",
                    "headers": [{"enabled": True, "name": "gd-api-token", "value": value}],
                }
            ],
        },
    }
    return "$ cat yaak.ops-tools.json\n" + json.dumps(doc, indent=2) + "\n", value


def groove_emacs_verb_org_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#+title: support.org\n\n* Groove                                                       :verb:\n"
        "template https://api.groovehq.com/v1\n"
        f"Authorization: Bearer {value}\n"
        "Accept: application/json\n\n** Open tickets\nget /tickets?state=opened&per_page=25\n"
    ), value


def helpcrunch_unreal_fhttpmodule(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// Source/Raft/Private/SupportTicketSubsystem.cpp\n#include "HttpModule.h"\n'
        '#include "Interfaces/IHttpRequest.h"\n\nvoid USupportTicketSubsystem::SendTicket(const FString& Body)\n{\n'
        "    TSharedRef<IHttpRequest, ESPMode::ThreadSafe> Request = FHttpModule::Get().CreateRequest();\n"
        '    Request->SetURL(TEXT("https://api.helpcrunch.com/v1/chats"));\n    Request->SetVerb(TEXT("POST"));\n'
        f'    Request->SetHeader(TEXT("Authorization"), TEXT("Bearer {value}"));\n'
        '    Request->SetHeader(TEXT("Content-Type"), TEXT("application/json"));\n'
        "    Request->SetContentAsString(Body);\n    Request->ProcessRequest();\n}\n"
    ), value


def hiveage_xojo_urlconnection(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// InvoicesWindow.Opening (Xojo)\nVar conn As New URLConnection\n"
        f'Var auth As String = EncodeBase64("{value}" + ":", 0)\n'
        'conn.RequestHeader("Authorization") = "Basic " + auth\nconn.RequestHeader("Accept") = "application/json"\n'
        'Var body As String = conn.SendSync("GET", "https://acme.hiveage.com/api/invs", 30)\n'
    ), value


def invoiceocean_free_pascal_fphttpclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "{ faktury.lpr (Lazarus) }\nprogram faktury;\n\nuses fphttpclient, opensslsockets;\n\n"
        "var\n  Json: string;\nbegin\n  with TFPHTTPClient.Create(nil) do\n  try\n"
        "    Json := Get('https://acme.invoiceocean.com/invoices.json?period=this_month&api_token="
        f"{value}');\n"
        "    WriteLn(Json);\n  finally\n    Free;\n  end;\nend.\n"
    ), value


def leadfeeder_hack_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?hh\n// src/Leads/LeadfeederClient.hack\nnamespace Acme\\Leads;\n\nfinal class LeadfeederClient {\n"
        "  public async function accountsAsync(): Awaitable<string> {\n"
        "    $ch = \\curl_init('https://api.leadfeeder.com/accounts');\n"
        "    \\curl_setopt($ch, \\CURLOPT_HTTPHEADER, vec[\n"
        f"      'Authorization: Token token={value}',\n"
        "    ]);\n    return await \\HH\\Asio\\curl_exec($ch);\n  }\n}\n"
    ), value


def mavenlink_android_shared_prefs_backup(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tar -xOf timesheets-backup.tar apps/com.acme.timesheets/sp/settings.xml\n"
        "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
        '    <string name="workspace_id">418822</string>\n'
        f'    <string name="mavenlink_token">{value}</string>\n'
        '    <boolean name="sync_on_wifi_only" value="true" />\n'
        f'    <long name="last_sync" value="1764233{s(rng, 6, DIGITS)}" />\n</map>\n'
    ), value


def nimble_hammerspoon_init_lua(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- ~/.hammerspoon/init.lua: show today's Nimble tasks with Ctrl+Alt+N\n"
        f'local nimbleToken = "{value}"\n\n'
        'hs.hotkey.bind({"ctrl", "alt"}, "N", function()\n'
        '  hs.http.asyncGet("https://app.nimble.com/api/v1/activities/task?period=today",\n'
        '    {Authorization = "Bearer " .. nimbleToken},\n'
        '    function(status, body) hs.alert.show(status == 200 and "Nimble: tasks loaded" or "Nimble: " .. status) '
        "end)\nend)\n"
    ), value


def onepagecrm_enpass_json_export(rng: random.Random, var: str, value: str) -> Place:
    user_id = s(rng, 24, HEX)
    item = {
        "title": "OnePageCRM API",
        "category": "login",
        "fields": [
            {"label": "Username", "type": "username", "value": "sales@acme.example", "sensitive": 0},
            {"label": "User ID", "type": "text", "value": user_id, "sensitive": 0},
            {"label": "API key", "type": "password", "value": value, "sensitive": 1},
            {"label": "Website", "type": "url", "value": "https://app.onepagecrm.com", "sensitive": 0},
        ],
        "uuid": f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}",
    }
    return "$ jq '.items[12]' ~/Documents/enpass-export.json\n" + json.dumps(item, indent=2) + "\n", value


def qualaroo_defold_lua_http_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        '-- main/survey.script (Defold)\nlocal SURVEY_URL = "https://api.qualaroo.com/api/v1/nudges"\n\n'
        "function init(self)\n  local headers = {\n"
        f'    ["Authorization"] = "Basic {value}",\n'
        '    ["Accept"] = "application/json",\n  }\n'
        '  http.request(SURVEY_URL, "GET", function(self, id, res)\n'
        '    if res.status == 200 then msg.post("#gui", "show_survey", { body = res.response }) end\n'
        "  end, headers)\nend\n"
    ), value


def salesflare_drafts_action_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// Drafts action "Log call in Salesflare", step 1: Script\n'
        "let http = HTTP.create();\nlet response = http.request({\n"
        '  "url": "https://api.salesflare.com/interactions",\n  "method": "POST",\n'
        f'  "headers": {{ "Authorization": "Bearer {value}" }},\n'
        '  "data": { "type": "phone_call", "body": draft.content }\n});\n'
        "if (!response.success) { context.fail(response.statusCode); }\n"
    ), value


def storychief_make_scenario_blueprint(rng: random.Random, var: str, value: str) -> Place:
    blueprint = {
        "name": "Publish approved stories",
        "flow": [
            {
                "id": 3,
                "module": "http:ActionSendData",
                "version": 3,
                "mapper": {
                    "url": "https://api.storychief.io/1.0/stories",
                    "method": "get",
                    "headers": [{"name": "Authorization", "value": f"Bearer {value}"}],
                    "qs": [{"name": "status", "value": "approved"}],
                    "parseResponse": True,
                },
            }
        ],
        "metadata": {"version": 1, "scenario": {"roundtrips": 1, "maxErrors": 3}},
    }
    return "// Publish approved stories.blueprint.json (Make)\n" + json.dumps(blueprint, indent=2) + "\n", value


def tokeet_appsmith_datasource_export(rng: random.Random, var: str, value: str) -> Place:
    account = s(rng, 10, "123456789") + "." + s(rng, 4, DIGITS)
    datasource = {
        "name": "Tokeet",
        "pluginId": "restapi-plugin",
        "datasourceConfiguration": {
            "url": "https://capi.tokeet.com/v1",
            "headers": [{"key": "Authorization", "value": value}],
            "queryParameters": [{"key": "account", "value": account}],
        },
    }
    return (
        "$ jq '.datasourceList[0]' rentals-dashboard.json  # Appsmith application export\n"
        + json.dumps(datasource, indent=2)
        + "\n"
    ), value


ONE_VENDOR = (
    api2cart_cfml_cfhttp,
    bombbomb_raycast_script_command,
    canny_unity_webrequest_form,
    capsule_alfred_workflow_info_plist,
    checkvist_keyboard_maestro_macro,
    craftmypdf_openedge_abl_http_client,
    d7_tasker_task_http_request,
    dyspatch_screenshot_tesseract_ocr,
    enablex_ballerina_http_client,
    flowlu_thunder_client_environment,
    goodday_yaak_workspace_export,
    groove_emacs_verb_org_request,
    helpcrunch_unreal_fhttpmodule,
    hiveage_xojo_urlconnection,
    invoiceocean_free_pascal_fphttpclient,
    leadfeeder_hack_curl,
    mavenlink_android_shared_prefs_backup,
    nimble_hammerspoon_init_lua,
    onepagecrm_enpass_json_export,
    qualaroo_defold_lua_http_request,
    salesflare_drafts_action_script,
    storychief_make_scenario_blueprint,
    tokeet_appsmith_datasource_export,
)
