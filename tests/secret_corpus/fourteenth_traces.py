"""Where the fourteenth held-out part (fourteenth.py) shows generic secrets that game servers, directory and Kerberos
tools, test suites, crash reports, chat exports, terminal recordings, editors' histories, image tools, API clients
and live debuggers print or keep: RCON (rcon-cli, mcrcon) and join passwords (Terraria, ARK), a keytab's keys
(``klist -k -K``, ``ktutil``), LDAP bind passwords (GitLab's ``gitlab.rb``, Authelia), test fixtures (a pytest
``conftest.py``, a factory_bot factory), a crashed process's command line (gdb on a core, an apport report) and its
environment (gdb's ``x/s *environ``, ``strace -v``), a JVM's keystore password (``Picked up JAVA_TOOL_OPTIONS``,
``jinfo -sysprops``), chat exports (Telegram Desktop, DiscordChatExporter), terminal recordings (``script``,
asciinema), editors' histories (``.viminfo``, eshell), an image's config (skopeo, crane), API clients' basic auth
(Bruno, Hoppscotch) and a live process's locals (py-spy, pry). Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def rcon_cli_yaml_config(rng: random.Random, var: str, value: str) -> Place:
    return f"# ~/.rcon-cli.yaml\nhost: mc.acme.lan\nport: 25575\npassword: {value}\n", value


def mcrcon_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ mcrcon -H mc.acme.lan -P 25575 -p "{value}" "whitelist add ana_l" list\n'
        "Added ana_l to the whitelist\nThere are 2 of a max of 20 players online: tomas_b, ana_l\n"
    ), value


def terraria_serverconfig_txt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# serverconfig.txt\nworld=/srv/terraria/Worlds/Acme.wld\nautocreate=2\nworldname=Acme\n"
        f"maxplayers=8\nport=7777\npassword={value}\nmotd=Welcome to the office server\nsecure=1\n"
    ), value


def ark_gameusersettings_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; ShooterGame/Saved/Config/LinuxServer/GameUserSettings.ini\n[ServerSettings]\n"
        f"ServerPassword={value}\nServerAdminPassword=\nRCONEnabled=False\nDifficultyOffset=0.5\n"
        "[SessionSettings]\nSessionName=Acme Island\n"
    ), value


def klist_k_keytab_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ klist -k -K -t /etc/krb5.keytab\nKeytab name: FILE:/etc/krb5.keytab\n"
        "KVNO Timestamp           Principal\n"
        "---- ------------------- ------------------------------------------------------\n"
        f"   3 11/02/2026 10:14:55 host/web1.acme.internal@ACME.INTERNAL (0x{value})\n"
        f"   3 11/02/2026 10:14:55 host/web1.acme.internal@ACME.INTERNAL (0x{s(rng, 32, HEX)})\n"
    ), value


def ktutil_list_k_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ktutil\nktutil:  rkt /etc/http.keytab\nktutil:  list -k -e\n"
        "slot KVNO Principal\n---- ---- ---------------------------------------------------------------------\n"
        f"   1    2    HTTP/intranet.acme.internal@ACME.INTERNAL (aes256-cts-hmac-sha1-96)  (0x{value})\n"
        "ktutil:  quit\n"
    ), value


def gitlab_rb_ldap_servers_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/gitlab/gitlab.rb\ngitlab_rails['ldap_enabled'] = true\ngitlab_rails['ldap_servers'] = {\n"
        "  'main' => {\n    'label' => 'ACME AD',\n    'host' => 'dc1.acme.internal',\n    'port' => 636,\n"
        "    'uid' => 'sAMAccountName',\n    'encryption' => 'simple_tls',\n"
        f"    'bind_dn' => 'CN=svc-gitlab,OU=Service,DC=acme,DC=internal',\n    'password' => '{value}',\n"
        "    'base' => 'OU=Staff,DC=acme,DC=internal'\n  }\n}\n"
    ), value


def authelia_configuration_ldap_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /config/configuration.yml (Authelia)\nauthentication_backend:\n  ldap:\n"
        "    implementation: lldap\n    address: ldap://lldap:3890\n    base_dn: dc=acme,dc=dev\n"
        f"    user: uid=authelia,ou=people,dc=acme,dc=dev\n    password: {value}\n"
    ), value


def pytest_conftest_fixture_dict(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tests/conftest.py\nimport pytest\n\n\n@pytest.fixture\ndef payment_gateway_settings():\n"
        f'    return {{\n        "merchant_id": "{s(rng, 10, DIGITS)}",\n        "api_secret": "{value}",\n'
        '        "sandbox": True,\n    }\n'
    ), value


def factory_bot_factory_attribute(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# spec/factories/integrations.rb\nFactoryBot.define do\n  factory :integration do\n"
        f'    provider {{ "erp" }}\n    api_secret {{ "{value}" }}\n    active {{ true }}\n  end\nend\n'
    ), value


def gdb_core_generated_by_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ gdb /usr/local/bin/sync-agent core.sync-agent.4411\nReading symbols from /usr/local/bin/sync-agent...\n"
        f"Core was generated by `/usr/local/bin/sync-agent --endpoint https://sync.acme.dev --token {value}'.\n"
        "Program terminated with signal SIGSEGV, Segmentation fault.\n#0  0x00005581c2a1f3d4 in main.flush ()\n"
    ), value


def apport_crash_proc_cmdline(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo grep -A1 -E '^(ExecutablePath|ProcCmdline|Signal)' /var/crash/_usr_local_bin_sync-agent.0.crash\n"
        "ExecutablePath: /usr/local/bin/sync-agent\n"
        f"ProcCmdline: /usr/local/bin/sync-agent --endpoint https://sync.acme.dev --token {value}\n"
        "Signal: 11\n"
    ), value


def gdb_x_s_environ_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        '(gdb) x/5s *environ\n0x7ffd5c3e1f2a:\t"LANG=C.UTF-8"\n0x7ffd5c3e1f37:\t"PATH=/usr/local/bin:/usr/bin"\n'
        f'0x7ffd5c3e1f54:\t"LEDGER_API_SECRET={value}"\n0x7ffd5c3e1f8b:\t"HOME=/var/lib/ledger"\n'
        '0x7ffd5c3e1fa0:\t"INVOCATION_ID=' + s(rng, 32, HEX) + '"\n'
    ), value


def strace_execve_envp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ strace -f -v -s 256 -e trace=execve ./run-ledger.sh\n"
        'execve("/usr/local/bin/ledger", ["ledger", "--serve"], ["HOME=/var/lib/ledger", "LANG=C.UTF-8", '
        f'"LEDGER_API_SECRET={value}", "PATH=/usr/local/bin:/usr/bin"]) = 0\n+++ exited with 0 +++\n'
    ), value


def java_tool_options_picked_up(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ java -jar billing-service.jar\n"
        "Picked up JAVA_TOOL_OPTIONS: -Djavax.net.ssl.keyStore=/etc/billing/client.p12 "
        f"-Djavax.net.ssl.keyStorePassword={value} -Djavax.net.ssl.keyStoreType=PKCS12\n"
        "2026-11-29T07:02:11.804Z  INFO 1 --- [main] b.BillingApplication : Started BillingApplication\n"
    ), value


def jinfo_sysprops_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ jinfo -sysprops 4411\nJava System Properties:\n#Sun Nov 29 07:05:33 UTC 2026\n"
        "java.vm.vendor=Eclipse Adoptium\njavax.net.ssl.keyStore=/etc/billing/client.p12\n"
        f"javax.net.ssl.keyStorePassword={value}\nuser.timezone=UTC\nfile.encoding=UTF-8\n"
    ), value


def telegram_desktop_result_json(rng: random.Random, var: str, value: str) -> Place:
    msgs = [{"id": 1811, "type": "message", "date": "2026-11-20T10:02:11", "from": "Tomas",
             "text": "what's the password for the staging admin?"},
            {"id": 1812, "type": "message", "date": "2026-11-20T10:03:40", "from": "Ana",
             "text": f"admin / {value} (rotate it after the demo)"}]  # fmt: skip
    doc = {"name": "Ops", "type": "private_supergroup", "id": int(s(rng, 10, DIGITS)), "messages": msgs}
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n", value


def discord_chat_exporter_csv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "AuthorID,Author,Date,Content,Attachments,Reactions\n"
        f'"{s(rng, 18, DIGITS)}","tomas","2026-11-20T10:02:11.000+00:00","vpn login for the contractor?","",""\n'
        f'"{s(rng, 18, DIGITS)}","ana","2026-11-20T10:03:40.000+00:00","user contractor2, pass {value}","",""\n'
    ), value


def script_typescript_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        'Script started on 2026-11-29 07:10:02+00:00 [TERM="xterm-256color" TTY="/dev/pts/3"]\n'
        f"\x1b[01;32mana@build\x1b[00m:\x1b[01;34m~/deploy\x1b[00m$ export RELEASE_TOKEN={value}\r\n"
        "\x1b[01;32mana@build\x1b[00m:\x1b[01;34m~/deploy\x1b[00m$ ./publish.sh 4.2.0\r\n"
        'publishing 4.2.0 ... done\r\n\nScript done on 2026-11-29 07:10:31+00:00 [COMMAND_EXIT_CODE="0"]\n'
    ), value


def asciinema_cast_events(rng: random.Random, var: str, value: str) -> Place:
    lines = [{"version": 2, "width": 120, "height": 32, "timestamp": 1795849802, "env": {"SHELL": "/bin/bash"}},
             [0.61, "o", "$ "], [2.48, "o", f"export RELEASE_TOKEN={value}\r\n"], [2.49, "o", "$ "],
             [4.10, "o", "./publish.sh 4.2.0\r\n"], [6.92, "o", "publishing 4.2.0 ... done\r\n"]]  # fmt: skip
    return "\n".join(json.dumps(line) for line in lines) + "\n", value


def viminfo_command_line_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# This viminfo file was generated by Vim 9.1.\n\n# Command Line History (newest to oldest):\n"
        f":r !curl -s -H 'Authorization: token {value}' https://git.acme.dev/api/v1/repos/ops/infra/raw/hosts\n"
        '|2,0,1795849802,,"r !curl ..."\n:wq\n:set paste\n'
    ), value


def emacs_eshell_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.emacs.d/eshell/history\ncd ~/src/infra\ngit pull\n"
        f"curl -s -H 'Authorization: token {value}' https://git.acme.dev/api/v1/user\nmake plan\n"
    ), value


def skopeo_inspect_config_env(rng: random.Random, var: str, value: str) -> Place:
    cfg = {"architecture": "amd64", "os": "linux", "config": {"Env": [
        "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin", f"INDEXER_SECRET={value}", "PORT=8080"],
        "Cmd": ["/app/indexer"]}}  # fmt: skip
    command = "$ skopeo inspect --config docker://registry.acme.dev/search/indexer:1.9.3\n"
    return command + json.dumps(cfg, indent=4) + "\n", value


def crane_config_json_env(rng: random.Random, var: str, value: str) -> Place:
    cfg = {"architecture": "arm64", "created": "2026-11-18T12:44:03Z", "config": {
        "Env": ["TZ=UTC", f"INDEXER_SECRET={value}"], "Entrypoint": ["/app/indexer"]}}  # fmt: skip
    return "$ crane config registry.acme.dev/search/indexer:1.9.3-arm64\n" + json.dumps(cfg) + "\n", value


def bruno_bru_auth_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# collections/erp/list invoices.bru\nmeta {\n  name: list invoices\n  type: http\n  seq: 3\n}\n\n"
        "get {\n  url: https://erp.acme.dev/api/invoices?status=open\n  body: none\n  auth: basic\n}\n\n"
        f"auth:basic {{\n  username: integration\n  password: {value}\n}}\n"
    ), value


def hoppscotch_collection_json_basic(rng: random.Random, var: str, value: str) -> Place:
    req = {"v": "4", "name": "list invoices", "method": "GET", "endpoint": "https://erp.acme.dev/api/invoices",
           "auth": {"authType": "basic", "authActive": True, "username": "integration", "password": value},
           "headers": [], "params": []}  # fmt: skip
    doc = [{"v": 2, "name": "ERP", "folders": [], "requests": [req]}]
    return "// hoppscotch-collections.json\n" + json.dumps(doc, indent=2) + "\n", value


def py_spy_dump_locals(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo py-spy dump --pid 4411 --locals\nProcess 4411: /usr/bin/python3 worker.py\nPython v3.12.3\n\n"
        'Thread 4411 (idle): "MainThread"\n    post (requests/api.py:115)\n'
        "    push_invoice (erp/client.py:48)\n        Arguments:\n            self: <ErpClient at 0x7f2a8c1d0>\n"
        f'        Locals:\n            url: "https://erp.acme.dev/api/invoices"\n            secret: "{value}"\n'
    ), value


def pry_ls_locals(rng: random.Random, var: str, value: str) -> Place:
    return (
        "From: /app/app/services/erp_push.rb @ line 21 ErpPush#call:\n\n    20: def call\n => 21:   binding.pry\n\n"
        "[1] pry(#<ErpPush>)> ls --locals\n"
        f'invoice = #<Invoice id: 8812>\nsecret = "{value}"\nurl = "https://erp.acme.dev/api/invoices"\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        rcon_cli_yaml_config, mcrcon_cmd, terraria_serverconfig_txt, ark_gameusersettings_ini, klist_k_keytab_keys,
        ktutil_list_k_keys, gitlab_rb_ldap_servers_password, authelia_configuration_ldap_password,
        pytest_conftest_fixture_dict, factory_bot_factory_attribute, gdb_core_generated_by_line,
        apport_crash_proc_cmdline, gdb_x_s_environ_output, strace_execve_envp, java_tool_options_picked_up,
        jinfo_sysprops_output, telegram_desktop_result_json, discord_chat_exporter_csv, script_typescript_log,
        asciinema_cast_events, viminfo_command_line_history, emacs_eshell_history, skopeo_inspect_config_env,
        crane_config_json_env, bruno_bru_auth_basic, hoppscotch_collection_json_basic, py_spy_dump_locals,
        pry_ls_locals,
    )
}  # fmt: skip
