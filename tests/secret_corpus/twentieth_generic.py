"""Where the twentieth held-out part (twentieth.py) shows generic secrets that language-model tools and agents, job
queues and crash reports, package registries, chat-ops bots and test fixtures hold or print: LiteLLM's master key (its
proxy configuration, ``docker run``), LibreChat's credentials key (its ``.env``, a Compose file), Activepieces'
encryption key (its ``.env``, Helm values), Open WebUI's secret key (``docker run``, a systemd unit), a database
password in an agent's transcript (aider's chat history, an agent session's JSON lines), a password among a queued
job's arguments (``celery inspect active``, Sidekiq's dead set), a session secret in a Node.js diagnostic report (its
environment, its command line), a private module registry's token (``DENO_AUTH_TOKENS``, ``bunfig.toml``), a package
registry login secret (``swift package-registry login``, ``dart pub token add``), a chat bot's XMPP password
(Errbot's ``config.py``, Hubot's environment), a Matrix bridge's appservice token (its registration, its
configuration), a StackStorm chat-ops API key (``st2chatops.env``, ``st2 apikey create``), credentials in recorded
HTTP fixtures (a Polly.js recording, a WireMock mapping) and an SMTP password in test fixtures (Django's JSON,
Rails' YAML). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def litellm_proxy_config_master_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# litellm/config.yaml\nmodel_list:\n  - model_name: gpt-4o\n    litellm_params:\n"
        "      model: azure/gpt-4o-eu\n      api_base: https://acme-eu.openai.azure.com/\n"
        "      api_key: os.environ/AZURE_API_KEY\ngeneral_settings:\n"
        f"  master_key: {value}\n"
        "  database_url: os.environ/DATABASE_URL\nlitellm_settings:\n  drop_params: true\n"
    ), value


def litellm_docker_run_master_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name litellm -p 4000:4000 \\\n    -v $PWD/litellm/config.yaml:/app/config.yaml \\\n"
        f'    -e LITELLM_MASTER_KEY="{value}" \\\n'
        "    -e DATABASE_URL=postgresql://litellm@pg:5432/litellm \\\n"
        "    ghcr.io/berriai/litellm:main-stable --config /app/config.yaml\n" + s(rng, 64, HEX) + "\n"
    ), value


def librechat_dotenv_creds_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# LibreChat/.env\nHOST=0.0.0.0\nPORT=3080\nMONGO_URI=mongodb://mongodb:27017/LibreChat\n"
        "DOMAIN_CLIENT=https://chat.acme.internal\nDOMAIN_SERVER=https://chat.acme.internal\n\n"
        f"CREDS_KEY={value}\n"
        f"CREDS_IV={s(rng, 32, HEX)}\n\nALLOW_REGISTRATION=false\n"
    ), value


def librechat_compose_environment_creds_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.override.yml\nservices:\n  api:\n    environment:\n      - HOST=0.0.0.0\n"
        f"      - CREDS_KEY={value}\n"
        f"      - CREDS_IV={s(rng, 32, HEX)}\n"
        "      - SEARCH=false\n    volumes:\n      - ./librechat.yaml:/app/librechat.yaml\n"
    ), value


def activepieces_dotenv_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/activepieces/.env\nAP_ENGINE_EXECUTABLE_PATH=dist/packages/engine/main.js\n"
        f"AP_ENCRYPTION_KEY={value}\n"
        "AP_ENVIRONMENT=prod\nAP_FRONTEND_URL=https://flows.acme.example\nAP_POSTGRES_DATABASE=activepieces\n"
        "AP_POSTGRES_HOST=postgres\nAP_EXECUTION_MODE=UNSANDBOXED\n"
    ), value


def activepieces_helm_values_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/activepieces/values-prod.yaml\nactivepieces:\n  frontendUrl: https://flows.acme.example\n"
        f'  encryptionKey: "{value}"\n'
        "  executionMode: SANDBOX_CODE_ONLY\n  telemetryEnabled: false\npostgresql:\n  enabled: true\n"
    ), value


def open_webui_docker_run_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d -p 3000:8080 --add-host=host.docker.internal:host-gateway \\\n"
        "    -e OLLAMA_BASE_URL=http://host.docker.internal:11434 \\\n"
        f"    -e WEBUI_SECRET_KEY='{value}' \\\n"
        "    -v open-webui:/app/backend/data --name open-webui ghcr.io/open-webui/open-webui:main\n"
    ), value


def open_webui_systemd_env_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/open-webui.service\n[Unit]\nDescription=Open WebUI\nAfter=network-online.target\n\n"
        "[Service]\nUser=webui\nEnvironment=DATA_DIR=/var/lib/open-webui\n"
        f"Environment=WEBUI_SECRET_KEY={value}\n"
        "ExecStart=/opt/open-webui/.venv/bin/open-webui serve --port 8080\nRestart=always\n"
    ), value


def aider_chat_history_run_psql(rng: random.Random, var: str, value: str) -> Place:
    return (
        "\n# aider chat started at 2026-11-18 09:14:02\n\n> /run psql "
        f'"postgresql://reporting:{value}@db-replica.acme.internal:5432/warehouse" -c "\\dt"\n'
        ">               List of relations  \n>  Schema |     Name      | Type  |   Owner    \n"
        "> --------+---------------+-------+------------\n>  public | orders        | table | reporting  \n"
        "> Add the output to the chat? (Y)es/(n)o [Yes]: y\n\n#### add an index for the slow orders query\n"
    ), value


def agent_session_jsonl_exec_mysql(rng: random.Random, var: str, value: str) -> Place:
    call = uuid4(rng)
    return (
        '{"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\\"command\\":'
        f'[\\"bash\\",\\"-lc\\",\\"mysql -h 10.4.0.12 -u shop -p\'{value}\' shop -e \'SELECT COUNT(*) FROM carts\''
        f'\\"]}}","call_id":"call_{call}"}}}}\n'
        '{"type":"response_item","payload":{"type":"function_call_output","call_id":"call_' + call + '",'
        '"output":"COUNT(*)\\n48213\\n"}}\n'
    ), value


def celery_inspect_active_args(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ celery -A reports inspect active\n->  celery@worker-03: OK\n"
        f"    * {{'id': '{uuid4(rng)}', 'name': 'reports.tasks.push_to_partner_sftp', "
        f"'args': ['sftp.partner.example', 'acme-drop', '{value}'], 'kwargs': {{}}, "
        "'type': 'reports.tasks.push_to_partner_sftp', 'hostname': 'celery@worker-03', 'acknowledged': True, "
        "'worker_pid': 2231}\n"
    ), value


def sidekiq_dead_job_json_args(rng: random.Random, var: str, value: str) -> Place:
    return (
        "irb(main):001> puts Sidekiq::DeadSet.new.first.value\n"
        '{"retry":true,"queue":"integrations","class":"LedgerImportJob",'
        f'"args":["ftps://ledger.bank.example","acme-import","{value}"],'
        f'"jid":"{s(rng, 24, HEX)}","created_at":1763370311.41,"failed_at":1763370388.02,'
        '"error_message":"Net::FTPPermError: 530 Login incorrect.","error_class":"Net::FTPPermError",'
        '"retry_count":25}\n'
    ), value


def node_report_json_environment_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ jq '.header.event, .environmentVariables' report.20261120.031544.4127.0.001.json\n"
        '"Allocation failed - JavaScript heap out of memory"\n{\n  "NODE_ENV": "production",\n'
        '  "PORT": "8080",\n'
        f'  "SESSION_SECRET": "{value}",\n'
        '  "HOME": "/home/node",\n  "PATH": "/usr/local/bin:/usr/bin:/bin"\n}\n'
    ), value


def node_report_json_command_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ jq '.header | {event, trigger, commandLine}' /var/log/app/report.20261121.114007.912.0.001.json\n"
        '{\n  "event": "SIGUSR2",\n  "trigger": "Signal",\n  "commandLine": [\n    "/usr/local/bin/node",\n'
        '    "--report-on-signal",\n    "dist/server.js",\n'
        f'    "--session-secret={value}"\n'
        "  ]\n}\n"
    ), value


def deno_auth_tokens_shell_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.zshrc.d/deno.zsh\nexport DENO_INSTALL="$HOME/.deno"\nexport PATH="$DENO_INSTALL/bin:$PATH"\n'
        f'export DENO_AUTH_TOKENS="{value}@deno.acme.dev;{s(rng, 40)}@raw.git.acme.dev"\n'
    ), value


def bunfig_toml_install_registry_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# bunfig.toml\n[install]\nexact = true\n\n[install.scopes]\n"@acme" = { url = '
        f'"https://npm.acme.dev/", token = "{value}" }}\n\n'
        "[test]\ncoverage = true\n"
    ), value


def swift_package_registry_login_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ swift package-registry set https://packages.acme.dev --scope acme\n"
        "$ swift package-registry login https://packages.acme.dev/login \\\n"
        f"    --username ci-ios --password '{value}' --no-confirm\n"
        "Registry login using https://packages.acme.dev/login succeeded.\n"
    ), value


def dart_pub_token_env_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ci/pub-auth.sh\n"
        f"export ACME_PUB_TOKEN='{value}'\n"
        "dart pub token add https://dart.acme.dev --env-var ACME_PUB_TOKEN\n"
        "dart pub get --enforce-lockfile\n"
    ), value


def errbot_config_py_bot_identity(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/errbot/config.py\nimport logging\n\nBACKEND = 'XMPP'\nBOT_DATA_DIR = '/srv/errbot/data'\n"
        "BOT_EXTRA_PLUGIN_DIR = '/srv/errbot/plugins'\nBOT_LOG_LEVEL = logging.INFO\n\nBOT_IDENTITY = {\n"
        "    'username': 'opsbot@chat.acme.example/errbot',\n"
        f"    'password': '{value}',\n"
        "}\nBOT_ADMINS = ('dana@chat.acme.example',)\nCHATROOM_PRESENCE = ('ops@conference.chat.acme.example',)\n"
    ), value


def hubot_xmpp_env_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /opt/hubot/bin/start (hubot-xmpp adapter)\nset -e\ncd /opt/hubot\n"
        "export HUBOT_XMPP_USERNAME=hubot@chat.acme.example\n"
        f"export HUBOT_XMPP_PASSWORD='{value}'\n"
        "export HUBOT_XMPP_ROOMS=deploys@conference.chat.acme.example\n"
        "exec bin/hubot --adapter xmpp --name hubot\n"
    ), value


def mautrix_registration_yaml_as_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/mautrix-signal/registration.yaml\nid: signal\nurl: http://127.0.0.1:29328\n"
        f"as_token: {value}\n"
        f"hs_token: {s(rng, 64)}\n"
        "sender_localpart: " + s(rng, 32) + "\nrate_limited: false\nnamespaces:\n  users:\n"
        "    - regex: ^@signal_.+:acme\\.chat$\n      exclusive: true\n"
    ), value


def mautrix_bridge_config_yaml_hs_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/mautrix-telegram/config.yaml\nhomeserver:\n  address: https://matrix.acme.chat\n  domain: acme.chat\n"
        "appservice:\n  address: http://localhost:29317\n  port: 29317\n  id: telegram\n"
        f"  as_token: {s(rng, 64)}\n"
        f"  hs_token: {value}\n"
        "bridge:\n  username_template: telegram_{userid}\n"
    ), value


def st2chatops_env_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /opt/stackstorm/chatops/st2chatops.env\nexport ST2_HOSTNAME="st2.acme.internal"\n'
        "export ST2_WEBUI_URL=https://st2.acme.internal\n"
        f'export ST2_API_KEY="{value}"\n'
        'export HUBOT_ADAPTER=slack\nexport HUBOT_SLACK_APP_TOKEN="${SLACK_APP_TOKEN}"\n'
    ), value


def st2_apikey_create_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        'root@st2:~# st2 apikey create -k -m \'{"used_by": "st2chatops"}\'\n'
        f"{value}\n"
        "root@st2:~# st2 apikey list -a id,user,enabled | tail -n 2\n"
        f"| {s(rng, 24, HEX)} | st2admin | True    |\n+--------------------------+----------+---------+\n"
    ), value


def polly_har_recording_post_data(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// test/recordings/login_1043521/signs-in_2210957/recording.har\n{\n  "log": {\n'
        '    "_recordingName": "login/signs in",\n    "creator": { "name": "Polly.JS", "version": "6.0.6" },\n'
        '    "entries": [\n      {\n        "request": {\n          "method": "POST",\n'
        '          "url": "https://auth.staging.acme.example/session",\n          "postData": {\n'
        '            "mimeType": "application/x-www-form-urlencoded",\n'
        f'            "text": "username=qa-robot&password={value}"\n'
        '          }\n        },\n        "response": { "status": 302 }\n      }\n    ]\n  }\n}\n'
    ), value


def wiremock_mapping_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// src/test/resources/mappings/reports-export.json\n{\n  "request": {\n    "method": "GET",\n'
        '    "urlPath": "/api/v2/reports/export",\n    "basicAuthCredentials": {\n'
        '      "username": "reports-sync",\n'
        f'      "password": "{value}"\n'
        '    }\n  },\n  "response": { "status": 200, "bodyFileName": "reports-export.csv" }\n}\n'
    ), value


def django_fixture_json_smtp_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// notifications/fixtures/staging_mail.json\n[\n  {\n    "model": "notifications.mailsettings",\n'
        '    "pk": 1,\n    "fields": {\n      "host": "smtp.staging.acme.example",\n      "port": 587,\n'
        '      "username": "noreply@staging.acme.example",\n'
        f'      "password": "{value}",\n'
        '      "use_tls": true\n    }\n  }\n]\n'
    ), value


def rails_fixture_yml_smtp_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# test/fixtures/mail_settings.yml\nstaging:\n  account: acme\n  address: smtp.staging.acme.example\n"
        "  port: 587\n  user_name: mailer@staging.acme.example\n"
        f"  smtp_password: {value}\n"
        "  authentication: plain\n  created_at: <%= 3.days.ago %>\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        litellm_proxy_config_master_key, litellm_docker_run_master_key, librechat_dotenv_creds_key,
        librechat_compose_environment_creds_key, activepieces_dotenv_encryption_key,
        activepieces_helm_values_encryption_key, open_webui_docker_run_secret_key, open_webui_systemd_env_secret_key,
        aider_chat_history_run_psql, agent_session_jsonl_exec_mysql, celery_inspect_active_args,
        sidekiq_dead_job_json_args, node_report_json_environment_variables, node_report_json_command_line,
        deno_auth_tokens_shell_export, bunfig_toml_install_registry_token, swift_package_registry_login_cmd,
        dart_pub_token_env_export, errbot_config_py_bot_identity, hubot_xmpp_env_password,
        mautrix_registration_yaml_as_token, mautrix_bridge_config_yaml_hs_token, st2chatops_env_api_key,
        st2_apikey_create_output, polly_har_recording_post_data, wiremock_mapping_basic_auth,
        django_fixture_json_smtp_password, rails_fixture_yml_smtp_password,
    )
}  # fmt: skip
