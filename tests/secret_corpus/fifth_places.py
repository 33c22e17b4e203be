"""Where the fifth held-out part (fifth.py) shows its secrets: surroundings none of the other parts has. Each takes
``(rng, name, value)`` and gives ``(text, secret)``, the secret being what of the value the text spells (a URL's
password as the URL quotes it, a PEM block's body).

Vendor places name the vendor's variable: fish ``set -gx``, csh ``setenv``, Windows ``setx``, a Makefile, HOCON,
Elixir ``runtime.exs``, Clojure ``profiles.clj``, a Laravel services array, an Info.plist, an Android
``strings.xml``, Java's XML properties, ``dotnet user-secrets``, ``gcloud run deploy --set-env-vars``, ``aws
lambda`` environment, ``docker secret create``, Hiera, Nix, a Windows ``.reg`` export, an SQL settings row,
``redis-cli MONITOR``, HTTPie, ``wget --header``, ``Invoke-RestMethod``, Python's ``http.client`` debug lines,
GitLab CI logs with their colour codes, GitHub Actions logs, Go's ``%+v``, Rust's ``{:?}`` and Node's
``util.inspect`` of a config. Generic places are in fifth_generic.py."""

from __future__ import annotations

import base64
import json
import random
import urllib.parse

from .makers import HEX, s, uuid4

Place = tuple[str, str]
UPPER_NUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def camel(name: str) -> str:
    words = name.lower().replace("-", "_").split("_")
    return words[0] + "".join(w.capitalize() for w in words[1:] if w)


def pascal(name: str) -> str:
    return "".join(w.capitalize() for w in name.lower().replace("-", "_").split("_") if w)


def dotted(name: str) -> str:
    return name.lower().replace("_", ".")


def body(pem: str) -> str:
    return "\n".join(line for line in pem.splitlines() if line and not line.startswith("-----"))


# -- vendor places: the variable's name says which vendor --------------------------------------------------------


def fish_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# ~/.config/fish/conf.d/work.fish\nset -gx EDITOR nvim\nset -gx {var} {value}\nfish_add_path ~/.local/bin\n",
        value,
    )


def csh_setenv(rng: random.Random, var: str, value: str) -> Place:
    return f'# ~/.tcshrc\nsetenv LANG en_US.UTF-8\nsetenv {var} "{value}"\nalias ll "ls -l"\n', value


def windows_setx(rng: random.Random, var: str, value: str) -> Place:
    return f'C:\\Users\\ops> setx {var} "{value}"\r\n\r\nSUCCESS: Specified value was saved.\r\n', value


def makefile(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"IMAGE ?= acme/api:latest\n{var} ?= {value}\n\n.PHONY: deploy\ndeploy:\n"
        f"\t./scripts/deploy.sh --image $(IMAGE) --key $({var})\n"
    ), value


def hocon(rng: random.Random, var: str, value: str) -> Place:
    vendor, _, rest = var.lower().partition("_")
    return (
        f'akka.loglevel = "INFO"\n{vendor} {{\n  endpoint = "https://api.{vendor}.example"\n'
        f'  {rest.replace("_", "-") or "key"} = "{value}"\n  timeout = 10s\n}}\n'
    ), value


def elixir_runtime(rng: random.Random, var: str, value: str) -> Place:
    vendor, _, rest = var.lower().partition("_")
    return (
        "import Config\n\nif config_env() == :prod do\n"
        f'  config :shop, Shop.{vendor.capitalize()},\n    {rest or "key"}: "{value}",\n    pool_size: 10\nend\n'
    ), value


def clojure_profiles(rng: random.Random, var: str, value: str) -> Place:
    key = var.lower().replace("_", "-")
    return (
        f'{{:dev {{:env {{:database-url "jdbc:postgresql://localhost/shop"\n             :{key} "{value}"}}}}}}\n',
        value,
    )


def laravel_services(rng: random.Random, var: str, value: str) -> Place:
    vendor, _, rest = var.lower().partition("_")
    return (
        "<?php\n\nreturn [\n    'mailgun' => ['domain' => env('MAILGUN_DOMAIN')],\n"
        f"    '{vendor}' => [\n        '{rest or 'key'}' => '{value}',\n        'timeout' => 15,\n    ],\n];\n"
    ), value


def info_plist(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
        "\t<key>CFBundleIdentifier</key>\n\t<string>dev.acme.shop</string>\n"
        f"\t<key>{pascal(var)}</key>\n\t<string>{value}</string>\n</dict>\n</plist>\n"
    ), value


def android_strings(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="app_name">Acme Shop</string>\n'
        f'    <string name="{var.lower()}" translatable="false">{value}</string>\n</resources>\n'
    ), value


def xml_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">\n'
        f'<properties>\n  <entry key="http.timeout">30</entry>\n  <entry key="{dotted(var)}">{value}</entry>\n'
        "</properties>\n"
    ), value


def dotnet_user_secrets(rng: random.Random, var: str, value: str) -> Place:
    vendor, _, rest = var.partition("_")
    key = f"{vendor.capitalize()}:{pascal(rest) or 'Key'}"
    return (
        f'$ dotnet user-secrets set "{key}" "{value}"\nSuccessfully saved {key} = {value} to the secret store.\n',
        value,
    )


def gcloud_run(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ gcloud run deploy api --image=europe-docker.pkg.dev/acme/api/api:41 --region=europe-west1 \\\n"
        f"    --set-env-vars=LOG_LEVEL=info,{var}={value}\nDeploying container to Cloud Run service [api]...\n"
    ), value


def aws_lambda_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ aws lambda update-function-configuration --function-name orders-sync \\\n"
        f'    --environment "Variables={{STAGE=prod,{var}={value}}}"\n'
    ), value


def docker_secret(rng: random.Random, var: str, value: str) -> Place:
    return f"$ printf '%s' '{value}' | docker secret create {var.lower()} -\n{s(rng, 25, HEX)}\n", value


def hiera(rng: random.Random, var: str, value: str) -> Place:
    vendor, _, rest = var.lower().partition("_")
    return f"---\nprofile::base::ntp_servers:\n  - pool.ntp.org\nprofile::{vendor}::{rest or 'key'}: '{value}'\n", value


def nix_module(rng: random.Random, var: str, value: str) -> Place:
    vendor, _, rest = var.lower().partition("_")
    return (
        "{ config, pkgs, ... }:\n{\n  services.nginx.enable = true;\n"
        f'  services.{vendor}-exporter = {{\n    enable = true;\n    {camel(rest) or "key"} = "{value}";\n  }};\n}}\n'
    ), value


def reg_export(rng: random.Random, var: str, value: str) -> Place:
    vendor = var.split("_")[0].capitalize()
    return (
        "Windows Registry Editor Version 5.00\r\n\r\n"
        f'[HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\{vendor}]\r\n"Endpoint"="https://api.acme.dev"\r\n'
        f'"{pascal(var)}"="{value}"\r\n'
    ), value


def sql_settings_row(rng: random.Random, var: str, value: str) -> Place:
    return (
        "INSERT INTO app_settings (name, value, updated_at) VALUES\n"
        "  ('checkout.currency', 'EUR', now()),\n"
        f"  ('{var.lower()}', '{value}', now());\n"
    ), value


def redis_monitor(rng: random.Random, var: str, value: str) -> Place:
    return (
        'OK\n1764330000.120571 [0 10.0.3.7:51822] "GET" "config:feature_flags"\n'
        f'1764330000.121004 [0 10.0.3.7:51822] "SET" "config:{var.lower()}" "{value}"\n'
    ), value


def httpie(rng: random.Random, var: str, value: str) -> Place:
    vendor = var.split("_")[0].lower()
    return (
        f"$ http --print=HBh POST https://api.{vendor}.example/v1/jobs Authorization:'Bearer {value}' name=nightly\n",
        value,
    )


def wget_header(rng: random.Random, var: str, value: str) -> Place:
    vendor = var.split("_")[0].lower()
    return (
        f'$ wget -q --header="Authorization: Token {value}" -O report.json https://api.{vendor}.example/v2/report\n'
    ), value


def invoke_restmethod(rng: random.Random, var: str, value: str) -> Place:
    vendor = var.split("_")[0].lower()
    return (
        f'PS C:\\> $headers = @{{ "X-Api-Key" = "{value}"; "Accept" = "application/json" }}\n'
        f"PS C:\\> Invoke-RestMethod -Uri https://api.{vendor}.example/v1/status -Headers $headers\n"
    ), value


def http_client_debug(rng: random.Random, var: str, value: str) -> Place:
    vendor = var.split("_")[0].lower()
    return (
        f"send: b'GET /v1/account HTTP/1.1\\r\\nHost: api.{vendor}.example\\r\\nUser-Agent: python-requests/2.32.3"
        f"\\r\\nAccept-Encoding: gzip, deflate\\r\\nAuthorization: Bearer {value}\\r\\n\\r\\n'\n"
        "reply: 'HTTP/1.1 200 OK\\r\\n'\nheader: Content-Type: application/json\n"
    ), value


def gitlab_ci_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "\x1b[0KRunning with gitlab-runner 17.5.1 (7c9e2f1a)\x1b[0;m\n"
        f"\x1b[32;1m$ export {var}={value}\x1b[0;m\n\x1b[32;1m$ ./bin/sync --all\x1b[0;m\nsynced 42 records\n"
    ), value


def gha_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-03-11T08:12:40.1204551Z ##[group]Run ./scripts/release.sh\n"
        "2026-03-11T08:12:40.1205012Z ./scripts/release.sh\n"
        "2026-03-11T08:12:40.1235930Z shell: /usr/bin/bash -e {0}\n2026-03-11T08:12:40.1236211Z env:\n"
        f"2026-03-11T08:12:40.1236671Z   {var}: {value}\n2026-03-11T08:12:40.1237004Z ##[endgroup]\n"
    ), value


def go_struct_dump(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026/03/11 08:12:40 config loaded: "
        f"{{Endpoint:https://api.acme.dev {pascal(var)}:{value} Timeout:30s Retries:3}}\n"
    ), value


def rust_debug(rng: random.Random, var: str, value: str) -> Place:
    return (
        '[2026-03-11T08:12:40Z DEBUG worker] settings = Settings { region: "eu-west-1", '
        f'{var.lower()}: "{value}", retries: 3 }}\n'
    ), value


def node_inspect(rng: random.Random, var: str, value: str) -> Place:
    return (
        "AxiosError: Request failed with status code 403\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n"
        "  config: {\n    method: 'post',\n    url: 'https://api.acme.dev/v1/sync',\n"
        f"    headers: Object [AxiosHeaders] {{\n      Accept: 'application/json',\n      '{var.lower()}': '{value}'\n"
        "    }\n  }\n"
    ), value


def k8s_string_data(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: vendor-credentials\n  namespace: shop\n"
        f"type: Opaque\nstringData:\n  {var.lower().replace('_', '-')}: {value}\n"
    ), value


def last_applied(rng: random.Random, var: str, value: str) -> Place:
    """A Secret as kubectl keeps it: its data base64, and the manifest it was applied from, as JSON in an
    annotation."""
    encoded = base64.b64encode(value.encode()).decode()
    meta = {"name": "vendor-credentials", "namespace": "shop"}
    applied = json.dumps({"apiVersion": "v1", "data": {var.lower(): encoded}, "kind": "Secret", "metadata": meta})
    return (
        "apiVersion: v1\ndata:\n"
        f"  {var.lower()}: {encoded}\nkind: Secret\nmetadata:\n  annotations:\n"
        f"    kubectl.kubernetes.io/last-applied-configuration: |\n      {applied}\n  name: vendor-credentials\n"
    ), encoded


# -- places of one vendor ----------------------------------------------------------------------------------------


def freemius_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$acme_fs = fs_dynamic_init( array(\n    'id'         => '" + s(rng, 5, "0123456789") + "',\n"
        "    'slug'       => 'acme-forms',\n    'public_key' => 'pk_" + s(rng, 29, HEX) + "',\n"
        f"    'secret_key' => '{value}',\n) );\n"
    ), value


def cloudinary_fly(rng: random.Random, var: str, value: str) -> Place:
    key = s(rng, 15, "0123456789")
    return (
        f"$ fly secrets set CLOUDINARY_URL=cloudinary://{key}:{value}@acme-media -a shop-api\nSecrets are staged\n",
        value,
    )


def cloudinary_js(rng: random.Random, var: str, value: str) -> Place:
    key = s(rng, 15, "0123456789")
    return (
        "import { v2 as cloudinary } from 'cloudinary';\n\ncloudinary.config({\n  cloud_name: 'acme-media',\n"
        f"  api_key: '{key}',\n  api_secret: '{value}',\n}});\n"
    ), value


def zapier_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'await fetch("https://hooks.zapier.com/hooks/catch/{value}/", {{\n  method: "POST",\n'
        "  body: JSON.stringify({ order: id, total }),\n});\n"
    ), value


def zapier_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -X POST -d @lead.json https://hooks.zapier.com/hooks/catch/{value}/\n{{"status": "success"}}\n',
        value,
    )


def razorpay_client(rng: random.Random, var: str, value: str) -> Place:
    return f'import razorpay\n\nclient = razorpay.Client(auth=("rzp_live_{s(rng, 14)}", "{value}"))\n', value


def rclone_ibmcos(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[ibmcos]\ntype = s3\nprovider = IBMCOS\nenv_auth = false\naccess_key_id = {s(rng, 32, HEX)}\n"
        f"secret_access_key = {value}\nendpoint = s3.eu-de.cloud-object-storage.appdomain.cloud\n"
    ), value


def rclone_scaleway(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[scw]\ntype = s3\nprovider = Scaleway\naccess_key_id = SCW{s(rng, 17, UPPER_NUM)}\n"
        f"secret_access_key = {value}\nregion = fr-par\nendpoint = s3.fr-par.scw.cloud\n"
    ), value


def scw_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# ~/.config/scw/config.yaml\naccess_key: SCW{s(rng, 17, UPPER_NUM)}\n"
        f"secret_key: {value}\ndefault_organization_id: {uuid4(rng)}\ndefault_region: fr-par\n"
    ), value


def couch_replicate(rng: random.Random, var: str, value: str) -> Place:
    doc = {"source": f"https://acme:{value}@acme.cloudant.com/orders", "target": "http://localhost:5984/orders",
           "continuous": True}  # fmt: skip
    return "$ curl -X POST http://localhost:5984/_replicate -H 'Content-Type: application/json' -d '" + json.dumps(
        doc
    ) + "'\n", value


def couch_url_env(rng: random.Random, var: str, value: str) -> Place:
    return f"COUCH_URL=https://acme-admin:{value}@acme-admin.cloudant.com\nCOUCH_DB=orders\n", value


def softlayer_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[softlayer]\nusername = ops@acme.dev\napi_key = {value}\n"
        "endpoint_url = https://api.softlayer.com/xmlrpc/v3.1/\ntimeout = 0\n",
        value,
    )


VENDOR_PLACES = (
    fish_set, csh_setenv, windows_setx, makefile, hocon, elixir_runtime, clojure_profiles, laravel_services,
    info_plist, android_strings, xml_properties, dotnet_user_secrets, gcloud_run, aws_lambda_env, docker_secret,
    hiera, nix_module, reg_export, sql_settings_row, redis_monitor, httpie, wget_header, invoke_restmethod,
    http_client_debug, gitlab_ci_log, gha_log, go_struct_dump, rust_debug, node_inspect, k8s_string_data,
    last_applied,
)  # fmt: skip
ONE_VENDOR = (
    freemius_php, cloudinary_fly, cloudinary_js, zapier_fetch, zapier_curl, razorpay_client, rclone_ibmcos,
    rclone_scaleway, scw_config, couch_replicate, couch_url_env, softlayer_config,
)  # fmt: skip


def quoted(value: str) -> str:
    return urllib.parse.quote(value, safe="")
