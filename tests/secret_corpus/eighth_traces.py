"""The generic places of the eighth held-out part (eighth.py) that tools print or that people write down: query
results, first-start banners, cluster join commands, Windows setup, HTTP flows and SOAP envelopes, error dumps of
HTTP clients, key generators' output, secret managers' CLIs and decrypted files, Markdown notes. Each takes
``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .fresh import Shown
from .makers import HEX, s

#: ZeroMQ's Z85 alphabet (a CURVE key is 32 bytes in 40 of these characters).
Z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"


def psql_table_output(rng: random.Random, var: str, value: str) -> Place:
    width = max(len(value), 8)
    return (
        "shop=# SELECT name, login, password FROM integrations WHERE active;\n"
        f"   name   |  login  | {'password'.ljust(width)}\n----------+---------+-{'-' * width}\n"
        f" sftp-erp | erp     | {value}\n(1 row)\n"
    ), value


def mysql_table_output(rng: random.Random, var: str, value: str) -> Place:
    width = max(len(value), 8)
    bar = f"+----+-----------+-{'-' * width}-+"
    return (
        "mysql> SELECT id, username, smtp_password FROM mail_accounts;\n"
        f"{bar}\n| id | username  | {'smtp_password'[:width].ljust(width)} |\n{bar}\n"
        f"|  1 | noreply   | {value.ljust(width)} |\n{bar}\n1 row in set (0.00 sec)\n"
    ), value


def jenkins_setup_banner(rng: random.Random, var: str, value: str) -> Place:
    stars = "*" * 63
    return (
        f"{stars}\n{stars}\n{stars}\n\nJenkins initial setup is required. An admin user has been created and a "
        f"password generated.\nPlease use the following password to proceed to installation:\n\n{value}\n\n"
        "This may also be found at: /var/jenkins_home/secrets/initialAdminPassword\n\n"
        f"{stars}\n"
    ), value


def jenkins_initial_admin_cat(rng: random.Random, var: str, value: str) -> Place:
    return f"$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n{value}\n", value


def erlang_cookie_cat(rng: random.Random, var: str, value: str) -> Place:
    return f"root@rabbit-0:/# cat /var/lib/rabbitmq/.erlang.cookie; echo\n{value}\n", value


def erl_setcookie_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ erl -sname debug -setcookie {value} -remsh rabbit@rabbit-0\n"
        "Erlang/OTP 26 [erts-14.2.5] [source] [64-bit]\n(rabbit@rabbit-0)1>\n"
    ), value


def k3s_install_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -sfL https://get.k3s.io | "
        f"K3S_URL=https://10.0.0.10:6443 K3S_TOKEN={value} sh -\n"
        "[INFO]  Finding release for channel stable\n[INFO]  systemd: Starting k3s-agent\n"
    ), value


def k3s_node_token_cat(rng: random.Random, var: str, value: str) -> Place:
    return f"root@k3s-server-1:~# cat /var/lib/rancher/k3s/server/node-token\n{value}\n", value


def kubeadm_join_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Then you can join any number of worker nodes by running the following on each as root:\n\n"
        f"kubeadm join 10.0.0.10:6443 --token {value} \\\n"
        f"\t--discovery-token-ca-cert-hash sha256:{s(rng, 64, HEX)}\n"
    ), value


def kubeadm_token_create_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubeadm token list\nTOKEN                     TTL         EXPIRES                USAGES\n"
        f"{value}   23h         2026-03-03T10:14:07Z   authentication,signing\n"
    ), value


def docker_swarm_join_cmd(rng: random.Random, var: str, value: str) -> Place:
    return f"+ docker swarm join --token {value} 10.0.0.10:2377\nThis node joined a swarm as a worker.\n", value


def swarm_init_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker swarm init --advertise-addr 10.0.0.10\n"
        f"Swarm initialized: current node ({s(rng, 25, 'abcdefghijklmnopqrstuvwxyz0123456789')}) is now a manager.\n\n"
        "To add a worker to this swarm, run the following command:\n\n"
        f"    docker swarm join --token {value} 10.0.0.10:2377\n"
    ), value


def unattend_xml_autologon(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<component name="Microsoft-Windows-Shell-Setup" processorArchitecture="amd64">\n  <AutoLogon>\n'
        f"    <Password>\n      <Value>{value}</Value>\n      <PlainText>true</PlainText>\n    </Password>\n"
        "    <Enabled>true</Enabled>\n    <Username>Administrator</Username>\n  </AutoLogon>\n</component>\n"
    ), value


def net_user_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"C:\\Windows\\system32>net user svc-backup {value} /add /passwordchg:no /expires:never\n"
        "The command completed successfully.\n"
    ), value


def schtasks_rp(rng: random.Random, var: str, value: str) -> Place:
    return (
        'schtasks /Create /TN "Nightly export" /TR "C:\\jobs\\export.cmd" /SC DAILY /ST 02:00 '
        f'/RU ACME\\svc-export /RP {value}\nSUCCESS: The scheduled task "Nightly export" has been created.\n'
    ), value


def sc_config_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'sc.exe config "AcmeAgent" obj= "ACME\\svc-agent" password= "{value}"\n[SC] ChangeServiceConfig SUCCESS\n',
        value,
    )


def mitmproxy_form_flow(rng: random.Random, var: str, value: str) -> Place:
    return (
        "POST https://portal.acme.dev/login\n    Host:          portal.acme.dev\n"
        "    Content-Type:  application/x-www-form-urlencoded\n\nURLEncoded form\n"
        f"    username:  ops@acme.dev\n    password:  {value}\n    remember:  1\n"
    ), value


def graphql_login_mutation(rng: random.Random, var: str, value: str) -> Place:
    body = {
        "operationName": "Login",
        "query": "mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) "
        "{ token } }",
        "variables": {"email": "ops@acme.dev", "password": value},
    }
    return "[apollo] incoming request POST /graphql " + json.dumps(body) + "\n", value


def soap_envelope_dump(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">\n  <soapenv:Header>\n'
        "    <wsse:Security><wsse:UsernameToken>\n      <wsse:Username>erp-sync</wsse:Username>\n"
        '      <wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile'
        f'-1.0#PasswordText">{value}</wsse:Password>\n    </wsse:UsernameToken></wsse:Security>\n'
        "  </soapenv:Header>\n  <soapenv:Body><GetOrders/></soapenv:Body>\n</soapenv:Envelope>\n"
    ), value


def cxf_logging_payload(rng: random.Random, var: str, value: str) -> Place:
    return (
        "INFO  o.a.c.s.O.OrderServicePort.OrderService - Outbound Message\n---------------------------\n"
        'ID: 1\nAddress: https://erp.acme.dev/ws/orders\nPayload: <soap:Envelope xmlns:soap="http://schemas.xmlsoap.'
        'org/soap/envelope/"><soap:Header><wsse:Security><wsse:UsernameToken><wsse:Username>erp-sync</wsse:Username>'
        f"<wsse:Password>{value}</wsse:Password></wsse:UsernameToken></wsse:Security></soap:Header>\n"
        "--------------------------------------\n"
    ), value


def node_axios_error(rng: random.Random, var: str, value: str) -> Place:
    return (
        "AxiosError: Request failed with status code 403\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n"
        "  code: 'ERR_BAD_REQUEST',\n  config: {\n    method: 'get',\n    url: 'https://api.acme.dev/v2/orders',\n"
        "    headers: Object [AxiosHeaders] {\n      Accept: 'application/json',\n"
        f"      Authorization: 'Bearer {value}',\n"
        "      'User-Agent': 'axios/1.7.2'\n    },\n"
    ), value


def ruby_faraday_error(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Faraday::UnauthorizedError: the server responded with status 401\n"
        f'  request: {{method: :get, url: "https://api.acme.dev/v2/orders", request_headers: {{"User-Agent"=>'
        f'"Faraday v2.9.0", "Authorization"=>"token {value}"}}}}\n'
        "  from /usr/local/bundle/gems/faraday-2.9.0/lib/faraday/response/raise_error.rb:30\n"
    ), value


def curve_keygen_output(rng: random.Random, var: str, value: str) -> Place:
    return (f"$ curve_keygen\n== CURVE PUBLIC KEY ==\n{s(rng, 40, Z85)}\n== CURVE SECRET KEY ==\n{value}\n"), value


def pyzmq_curve_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "server = ctx.socket(zmq.REP)\n"
        f'server.curve_secretkey = b"{value}"\n'
        f'server.curve_publickey = b"{s(rng, 40, Z85)}"\nserver.curve_server = True\n'
    ), value


def markdown_table_row(rng: random.Random, var: str, value: str) -> Place:
    return (
        "## Staging access\n\n| system | user | password | notes |\n|---|---|---|---|\n"
        f"| Grafana | admin | `{value}` | rotate after demo |\n| Kibana | ops | (SSO) | |\n"
    ), value


def markdown_code_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        "### Logging in to the bastion\n\nUse the shared break-glass account:\n\n```\nuser: breakglass\n"
        f"pass: {value}\n```\n\nThen run `sudo -i`.\n"
    ), value


def gcloud_secrets_access(rng: random.Random, var: str, value: str) -> Place:
    return f"$ gcloud secrets versions access latest --secret=orders-db-password --project=acme-prod\n{value}\n", value


def op_read_output(rng: random.Random, var: str, value: str) -> Place:
    return f'$ op read "op://Infra/stripe-webhook-db/password"\n{value}\n', value


def sops_decrypt_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sops -d secrets/prod.enc.yaml\npostgres:\n    host: pg01.acme.internal\n    user: orders\n"
        f"    password: {value}\nsmtp:\n    user: mailer\n"
    ), value


def ansible_vault_view(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ansible-vault view group_vars/prod/vault.yml\nVault password: \n---\n"
        f'vault_mysql_root_password: "{value}"\nvault_mysql_replication_user: repl\n'
    ), value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        psql_table_output, mysql_table_output, jenkins_setup_banner, jenkins_initial_admin_cat, erlang_cookie_cat,
        erl_setcookie_flag, k3s_install_curl, k3s_node_token_cat, kubeadm_join_cmd, kubeadm_token_create_output,
        docker_swarm_join_cmd, swarm_init_output, unattend_xml_autologon, net_user_cmd, schtasks_rp, sc_config_password,
        mitmproxy_form_flow, graphql_login_mutation, soap_envelope_dump, cxf_logging_payload, node_axios_error,
        ruby_faraday_error, curve_keygen_output, pyzmq_curve_config, markdown_table_row, markdown_code_login,
        gcloud_secrets_access, op_read_output, sops_decrypt_yaml, ansible_vault_view,
    )
}  # fmt: skip
