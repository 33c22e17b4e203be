"""The tenth held-out part's places (tenth.py) in what tools print, log and store and what people paste: SQL
Server's and pgcrypto's key passwords, MySQL replication set-up and its general log, ``cosign`` in a shell and in a
workflow, Spring Boot's actuator, EF Core's sensitive data logging, WebSocket subprotocols, OAuth 1.0a token
secrets, agent transcripts (a Claude Code JSONL line, an OpenAI tool call), issue trackers, and Azure Pipelines'
``##vso`` logging commands. Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .fresh import Shown
from .makers import DIGITS, HEX, s, uuid4


def tsql_create_master_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "USE Payroll;\nGO\n"
        f"CREATE MASTER KEY ENCRYPTION BY PASSWORD = '{value}';\nGO\n"
        "CREATE CERTIFICATE SalaryCert WITH SUBJECT = 'Salary column key';\nGO\n"
    ), value


def pgcrypto_sym_decrypt_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-03-02 10:14:07.412 UTC [4121] app@crm LOG:  duration: 3.117 ms  statement: "
        f"SELECT id, pgp_sym_decrypt(ssn_enc, '{value}') AS ssn FROM customers WHERE id = 8812\n"
    ), value


def mysql_change_replication_source(rng: random.Random, var: str, value: str) -> Place:
    return (
        "mysql> CHANGE REPLICATION SOURCE TO SOURCE_HOST='10.0.1.21', SOURCE_USER='repl', "
        f"SOURCE_PASSWORD='{value}', SOURCE_AUTO_POSITION=1;\nQuery OK, 0 rows affected, 2 warnings (0.03 sec)\n"
        "mysql> START REPLICA;\n"
    ), value


def mysql_general_log_change_master(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/usr/sbin/mysqld, Version: 5.7.44-log (MySQL Community Server (GPL)). started with:\n"
        "Time                 Id Command    Argument\n"
        f"2026-03-02T10:14:07.412331Z\t   {rng.randint(10, 99)} Query\tCHANGE MASTER TO MASTER_HOST='10.0.1.21', "
        f"MASTER_USER='repl', MASTER_PASSWORD='{value}', MASTER_LOG_FILE='mysql-bin.000042', MASTER_LOG_POS=154\n"
    ), value


def cosign_password_env_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ COSIGN_PASSWORD='{value}' cosign sign --yes --key cosign.key ghcr.io/acme/api@sha256:{s(rng, 64, HEX)}\n"
        "Pushing signature to: ghcr.io/acme/api\n"
    ), value


def gha_inline_env_prefix(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .github/workflows/release.yml\njobs:\n  sign:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: sigstore/cosign-installer@v3\n      - name: Sign image\n"
        f"        run: COSIGN_PASSWORD='{value}' cosign sign --yes --key env://COSIGN_KEY ghcr.io/acme/api:${{{{ "
        "github.sha }}\n"
    ), value


def actuator_env_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "activeProfiles": ["prod"],
        "propertySources": [{
            "name": "Config resource 'class path resource [application-prod.yml]'",
            "properties": {
                "spring.datasource.url": {"value": "jdbc:postgresql://db:5432/billing"},
                "spring.datasource.password": {"value": value, "origin": "class path resource [application-prod.yml]"},
            },
        }],
    }  # fmt: skip
    return "$ curl -s http://billing:8081/actuator/env\n" + json.dumps(doc) + "\n", value


def actuator_configprops_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "contexts": {"billing": {"beans": {"spring.mail-org.springframework.boot.autoconfigure.mail.MailProperties": {
            "prefix": "spring.mail",
            "properties": {"host": "smtp.acme.dev", "port": 587, "username": "billing", "password": value},
        }}}}
    }  # fmt: skip
    return "GET /actuator/configprops HTTP/1.1 -> 200\n" + json.dumps(doc, indent=2) + "\n", value


def efcore_sensitive_data_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "info: Microsoft.EntityFrameworkCore.Database.Command[20101]\n      Executed DbCommand (4ms) "
        f"[Parameters=[@p0='{value}' (Nullable = false) (Size = 40), @p1='{uuid4(rng)}'], CommandType='Text', "
        'CommandTimeout=\'30\']\n      UPDATE "ApiTokens" SET "Token" = @p0 WHERE "Id" = @p1;\n'
    ), value


def serilog_json_efcore_params(rng: random.Random, var: str, value: str) -> Place:
    event = {
        "@t": "2026-03-02T10:14:07.4123311Z", "@mt": "Executed DbCommand ({elapsed}ms) [Parameters=[{parameters}]]",
        "elapsed": "3", "parameters": f"@__refreshToken_0='{value}' (Size = 64)",
        "SourceContext": "Microsoft.EntityFrameworkCore.Database.Command", "EventId": {"Id": 20101},
    }  # fmt: skip
    return json.dumps(event) + "\n", value


def ws_upgrade_request_dump(rng: random.Random, var: str, value: str) -> Place:
    return (
        "GET /realtime HTTP/1.1\r\nHost: push.acme.dev\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {s(rng, 22)}==\r\nSec-WebSocket-Version: 13\r\n"
        f"Sec-WebSocket-Protocol: access_token, {value}\r\n\r\n"
    ), value


def browser_websocket_protocols_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/realtime.ts\n"
        f'const socket = new WebSocket("wss://push.acme.dev/realtime", ["access_token", "{value}"]);\n'
        'socket.addEventListener("message", (event) => render(JSON.parse(event.data)));\n'
    ), value


def requests_oauthlib_oauth1_call(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from requests_oauthlib import OAuth1Session\n\nsession = OAuth1Session(\n"
        f'    "{s(rng, 25)}",\n    client_secret="{s(rng, 50)}",\n'
        f'    resource_owner_key="{s(rng, 19, DIGITS)}-{s(rng, 30)}",\n    resource_owner_secret="{value}",\n)\n'
        'session.get("https://api.smugmug.com/api/v2!authuser")\n'
    ), value


def oauth1_access_token_response(rng: random.Random, var: str, value: str) -> Place:
    return (
        "POST /oauth/access_token HTTP/1.1 -> 200 OK\nContent-Type: application/x-www-form-urlencoded\n\n"
        f"oauth_token={s(rng, 30)}&oauth_token_secret={value}&user_id={s(rng, 8, DIGITS)}\n"
    ), value


def claude_jsonl_tool_use(rng: random.Random, var: str, value: str) -> Place:
    line = {
        "type": "assistant", "sessionId": uuid4(rng), "timestamp": "2026-03-02T10:14:07.412Z",
        "message": {"role": "assistant", "content": [{
            "type": "tool_use", "id": "toolu_01" + s(rng, 22), "name": "Bash",
            "input": {"command": f"mysql -h db.internal -u report --password='{value}' -e 'SELECT COUNT(*) FROM "
                                 "orders'", "description": "Count orders"},
        }]},
    }  # fmt: skip
    return json.dumps(line) + "\n", value


def openai_chat_tool_call_json(rng: random.Random, var: str, value: str) -> Place:
    arguments = json.dumps({"host": "smtp.acme.dev", "username": "alerts", "password": value, "to": "ops@acme.dev"})
    message = {
        "role": "assistant", "content": None,
        "tool_calls": [{"id": "call_" + s(rng, 24), "type": "function",
                        "function": {"name": "send_test_email", "arguments": arguments}}],
    }  # fmt: skip
    return json.dumps(
        {"messages": [{"role": "user", "content": "check the mail relay"}, message]}, indent=2
    ) + "\n", value


def jira_issue_comment_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "id": s(rng, 6, DIGITS), "author": {"displayName": "Build Bot"}, "created": "2026-03-02T10:14:07.412+0000",
        "body": f"Staging DB is back. Login for QA: qa_runner / {value} (rotate after the release)",
    }  # fmt: skip
    return (
        f"$ curl -s https://acme.atlassian.net/rest/api/2/issue/OPS-{rng.randint(100, 999)}/comment/1\n"
        + json.dumps(doc, indent=2)
        + "\n",
        value,
    )


def github_issue_body_md(rng: random.Random, var: str, value: str) -> Place:
    return (
        "### Steps to reproduce\n\n1. Log in to https://staging.acme.dev as `demo-admin`\n"
        f"   (password `{value}`)\n2. Open *Settings → Billing*\n3. Click **Export**\n\n"
        "### Expected\nA CSV download.\n"
    ), value


def ado_log_setvariable(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-03-02T10:14:07.4123311Z ##[section]Starting: Fetch deploy secrets\n"
        "2026-03-02T10:14:07.5123311Z Generating script.\n"
        f"2026-03-02T10:14:08.1123311Z ##vso[task.setvariable variable=DeployPassword]{value}\n"
        "2026-03-02T10:14:08.2123311Z ##[section]Finishing: Fetch deploy secrets\n"
    ), value


def ado_yaml_script_setvariable(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# azure-pipelines.yml\nsteps:\n  - script: |\n"
        f'      echo "##vso[task.setvariable variable=SqlAdminPassword;issecret=false]{value}"\n'
        "    displayName: Set SQL admin password\n  - script: ./deploy.sh\n"
    ), value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        tsql_create_master_key, pgcrypto_sym_decrypt_log, mysql_change_replication_source,
        mysql_general_log_change_master, cosign_password_env_cmd, gha_inline_env_prefix, actuator_env_json,
        actuator_configprops_json, efcore_sensitive_data_log, serilog_json_efcore_params, ws_upgrade_request_dump,
        browser_websocket_protocols_js, requests_oauthlib_oauth1_call, oauth1_access_token_response,
        claude_jsonl_tool_use, openai_chat_tool_call_json, jira_issue_comment_json, github_issue_body_md,
        ado_log_setvariable, ado_yaml_script_setvariable,
    )
}  # fmt: skip
