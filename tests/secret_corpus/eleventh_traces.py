"""Where the eleventh held-out part (eleventh.py) shows secrets that tools print, record and store: notebook
outputs, recorded HTTP fixtures (vcrpy, Ruby's VCR), HAR captures, GraphQL requests, gRPC metadata, CI logs that
dump the environment, debug prints of objects (Go's ``%+v`` and spew, PHP's var_dump and print_r, a Rails console,
Python's repr in a pytest diff and a log line), and API clients' exported environments (Postman, Insomnia). Each
takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, s, uuid4


def ipynb_stream_output_environ(rng: random.Random, var: str, value: str) -> Place:
    cell = {
        "cell_type": "code", "execution_count": 7, "metadata": {},
        "outputs": [{"name": "stdout", "output_type": "stream",
                     "text": ["{'HOME': '/home/jovyan', 'JUPYTER_PORT': '8888',\n",
                              f" 'WAREHOUSE_PASSWORD': '{value}',\n", " 'WAREHOUSE_USER': 'analyst'}\n"]}],
        "source": ["import os\n", "print(dict(os.environ))"],
    }  # fmt: skip
    return json.dumps({"cells": [cell], "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n", value


def ipynb_papermill_parameters(rng: random.Random, var: str, value: str) -> Place:
    cell = {
        "cell_type": "code", "execution_count": 1, "metadata": {"tags": ["injected-parameters"]}, "outputs": [],
        "source": ["# Parameters\n", "run_date = \"2024-05-01\"\n", f"warehouse_password = \"{value}\"\n"],
    }  # fmt: skip
    return json.dumps({"cells": [cell], "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n", value


def vcrpy_cassette_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tests/cassettes/test_list_invoices.yaml\ninteractions:\n- request:\n    body: null\n    headers:\n"
        "      Accept:\n      - application/json\n      X-Auth-Token:\n"
        f"      - {value}\n    method: GET\n    uri: https://billing.acme.io/api/invoices?limit=5\n"
        "  response:\n    status:\n      code: 200\n      message: OK\nversion: 1\n"
    ), value


def ruby_vcr_cassette_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "---\nhttp_interactions:\n- request:\n    method: post\n    uri: https://partner.example/api/orders\n"
        '    body:\n      encoding: UTF-8\n      string: \'{"sku":"A-100"}\'\n    headers:\n      X-Partner-Token:\n'
        f"      - {value}\n  response:\n    status:\n      code: 201\n      message: Created\n"
        "recorded_with: VCR 6.2.0\n"
    ), value


def har_request_headers(rng: random.Random, var: str, value: str) -> Place:
    entry = {"request": {"method": "GET", "url": "https://app.acme.io/api/projects",
                         "headers": [{"name": "Accept", "value": "application/json"},
                                     {"name": "X-Session-Token", "value": value}]},
             "response": {"status": 200, "statusText": "OK"}}  # fmt: skip
    return json.dumps({"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"},
                               "entries": [entry]}}, indent=2) + "\n", value  # fmt: skip


def har_post_data_params(rng: random.Random, var: str, value: str) -> Place:
    entry = {"request": {"method": "POST", "url": "https://intranet.acme.io/login",
                         "postData": {"mimeType": "application/x-www-form-urlencoded",
                                      "params": [{"name": "username", "value": "jdoe"},
                                                 {"name": "password", "value": value}]}},
             "response": {"status": 302, "statusText": "Found"}}  # fmt: skip
    return json.dumps({"log": {"version": "1.2", "entries": [entry]}}, indent=2) + "\n", value


def graphql_mutation_request_json(rng: random.Random, var: str, value: str) -> Place:
    body = {"operationName": "SignIn",
            "query": "mutation SignIn($email: String!, $password: String!) { signIn(email: $email, password: "
                     "$password) { token } }",
            "variables": {"email": "ops@acme.io", "password": value}}  # fmt: skip
    return "POST /graphql HTTP/1.1\nHost: api.acme.io\nContent-Type: application/json\n\n" + json.dumps(body), value


def apollo_devtools_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[apollo] mutation ChangePassword started\n"
        f'[apollo] variables: {{ currentPassword: "old-pass-1", newPassword: "{value}" }}\n'
        "[apollo] mutation ChangePassword finished in 212ms\n"
    ), value


def grpcurl_rpc_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ grpcurl -rpc-header 'x-access-token: {value}' -d '{{\"id\": \"ord_19\"}}' \\\n"
        '    orders.internal:443 acme.orders.v1.OrderService/GetOrder\n{\n  "id": "ord_19",\n  "state": "PAID"\n}\n'
    ), value


def grpc_go_metadata_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2024/05/02 11:04:17 INFO unary call method=/acme.orders.v1.OrderService/ListOrders "
        f"md=map[:authority:[orders:9000] content-type:[application/grpc] x-access-token:[{value}]] dur=3.1ms\n"
    ), value


def circleci_printenv_step(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash -eo pipefail\nprintenv | sort\nCIRCLECI=true\nCIRCLE_BRANCH=main\nCIRCLE_BUILD_NUM=4812\n"
        f"DEPLOY_DB_PASSWORD={value}\nHOME=/home/circleci\n"
    ), value


def travis_env_export_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Setting environment variables from .travis.yml\n$ export NODE_ENV=test\n"
        f"$ export STAGING_DB_PASSWORD={value}\n\n$ nvm install 20\n"
    ), value


def go_percent_v_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2024/05/02 09:12:44 loaded config: &{Addr::8080 DB:{Host:pg.internal Port:5432 User:orders "
        f"Password:{value} Name:orders SSLMode:require}} LogLevel:debug}}\n"
    ), value


def go_spew_dump(rng: random.Random, var: str, value: str) -> Place:
    return (
        '(*config.SMTP)(0xc0001a2000)({\n Host: (string) (len=17) "smtp.mailhost.net",\n Port: (int) 587,\n'
        f' User: (string) (len=10) "mailer-app",\n Password: (string) (len={len(value)}) "{value}"\n}})\n'
    ), value


def php_var_dump_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        'array(4) {\n  ["driver"]=>\n  string(5) "mysql"\n  ["host"]=>\n  string(9) "127.0.0.1"\n'
        '  ["username"]=>\n  string(4) "shop"\n'
        f'  ["password"]=>\n  string({len(value)}) "{value}"\n}}\n'
    ), value


def php_print_r_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Array\n(\n    [host] => ldap.acme.local\n    [bind_dn] => cn=svc-web,ou=services,dc=acme,dc=local\n"
        f"    [bind_password] => {value}\n    [port] => 636\n)\n"
    ), value


def rails_console_inspect(rng: random.Random, var: str, value: str) -> Place:
    return (
        'irb(main):001> Integration.last\n  Integration Load (0.6ms)  SELECT "integrations".* FROM "integrations" '
        'ORDER BY "integrations"."id" DESC LIMIT $1  [["LIMIT", 1]]\n'
        f'=> #<Integration id: 42, provider: "erp", api_token: "{value}", '
        'created_at: "2024-04-30 08:12:55">\n'
    ), value


def rails_log_inspect(rng: random.Random, var: str, value: str) -> Place:
    return (
        'I, [2024-05-02T10:01:12.442 #2811]  INFO -- : Syncing #<Integration id: 7, provider: "crm", '
        f'api_token: "{value}", last_synced_at: nil>\n'
    ), value


def pytest_assert_repr_diff(rng: random.Random, var: str, value: str) -> Place:
    return (
        "E       AssertionError: assert Settings(db_host='db', db_user='app', "
        f"db_password='{value}', debug=True) == Settings(db_host='db', db_user='app', db_password='', debug=False)\n"
        "E         Full diff: ...\n\ntests/test_settings.py:31: AssertionError\n"
    ), value


def logging_dataclass_repr(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2024-05-02 10:22:31,004 DEBUG worker.main: starting with "
        f"QueueConfig(url='amqp://queue:5672/', user='worker', password='{value}', prefetch=20)\n"
    ), value


def postman_environment_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"id": uuid4(rng), "name": "Staging",
           "values": [{"key": "baseUrl", "value": "https://staging.acme.io", "type": "default", "enabled": True},
                      {"key": "adminPassword", "value": value, "type": "secret", "enabled": True}],
           "_postman_variable_scope": "environment"}  # fmt: skip
    return json.dumps(doc, indent="\t") + "\n", value


def insomnia_export_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "_type: export\n__export_format: 4\nresources:\n  - _id: env_" + s(rng, 32, DIGITS + "abcdef") + "\n"
        "    _type: environment\n    name: Production\n    data:\n      base_url: https://api.acme.io\n"
        f"      admin_password: {value}\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        ipynb_stream_output_environ, ipynb_papermill_parameters, vcrpy_cassette_yaml, ruby_vcr_cassette_yml,
        har_request_headers, har_post_data_params, graphql_mutation_request_json, apollo_devtools_log,
        grpcurl_rpc_header, grpc_go_metadata_log, circleci_printenv_step, travis_env_export_log, go_percent_v_log,
        go_spew_dump, php_var_dump_output, php_print_r_output, rails_console_inspect, rails_log_inspect,
        pytest_assert_repr_diff, logging_dataclass_repr, postman_environment_json, insomnia_export_yaml,
    )
}  # fmt: skip
