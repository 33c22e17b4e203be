"""Where the sixth held-out part (sixth.py) shows its vendors' secrets: surroundings none of the other parts has.
Each takes ``(rng, name, value)`` and gives ``(text, secret)``, the secret being what of the value the text spells
(Consul's export spells it in base64).

Places that name the vendor's variable: a Puppet class, Chef attributes, a SaltStack pillar, Jenkins'
``credentials.xml``, a Consul KV export, ``vault kv get``'s table, ``systemctl show -p Environment``, a crontab
line, a PHP-FPM pool's ``env[...]``, ``wp option update``, a Lombok ``toString()``, a structlog line, a mysqldump
``INSERT``, a launchd plist, a PM2 ecosystem file, gunicorn's ``raw_env``, uWSGI's ``env``, a Nomad template,
Emacs ``setq``, a Neovim plugin's ``setup``, VS Code's ``settings.json``, ``docker inspect``'s ``Env``,
``/proc/PID/environ``, Expo's ``app.json``, ``flutter run --dart-define``, an ``.xcconfig``, Gradle's
``buildConfigField`` and a Kafka Connect connector's JSON. Places of one vendor follow, each named for it."""

from __future__ import annotations

import base64
import json
import random

from .fifth_places import Place, camel, dotted, pascal
from .makers import HEX, s, uuid4


def _vendor(var: str) -> tuple[str, str]:
    vendor, _, rest = var.lower().partition("_")
    return vendor, rest or "key"


def puppet_class(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    return (
        f"node 'worker01.acme.dev' {{\n  include profile::base\n  class {{ 'acme::{vendor}':\n"
        f"    ensure    => present,\n    {rest} => '{value}',\n  }}\n}}\n"
    ), value


def chef_attributes(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    return (
        f"# cookbooks/acme/attributes/default.rb\ndefault['acme']['{vendor}']['enabled'] = true\n"
        f"default['acme']['{vendor}']['{rest}'] = '{value}'\ndefault['acme']['{vendor}']['timeout'] = 30\n"
    ), value


def salt_pillar(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    return f"# /srv/pillar/acme/init.sls\nacme:\n  {vendor}:\n    {rest}: {value}\n    region: eu\n", value


def jenkins_credentials_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?xml version='1.1' encoding='UTF-8'?>\n<com.cloudbees.plugins.credentials.SystemCredentialsProvider>\n"
        '  <domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">\n'
        "    <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n      <scope>GLOBAL</scope>\n"
        f"      <id>{var.lower().replace('_', '-')}</id>\n      <secret>{value}</secret>\n"
        "    </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>\n  </domainCredentialsMap>\n"
        "</com.cloudbees.plugins.credentials.SystemCredentialsProvider>\n"
    ), value


def consul_kv_export(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    spelled = base64.b64encode(value.encode()).decode()
    rows = [{"key": "config/acme/region", "flags": 0, "value": base64.b64encode(b"eu-west-1").decode()},
            {"key": f"config/acme/{vendor}/{rest}", "flags": 0, "value": spelled}]  # fmt: skip
    return "$ consul kv export config/acme\n" + json.dumps(rows, indent=2) + "\n", spelled


def vault_kv_get(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    return (
        f"$ vault kv get secret/acme/{vendor}\n====== Secret Path ======\nsecret/data/acme/{vendor}\n\n"
        "======= Metadata =======\nKey                Value\n---                -----\n"
        "created_time       2026-03-11T08:12:40.120571Z\nversion            3\n\n"
        f"===== Data =====\nKey          Value\n---          -----\n{rest.ljust(12)} {value}\n"
    ), value


def systemctl_show_env(rng: random.Random, var: str, value: str) -> Place:
    return (f"$ systemctl show acme-worker -p Environment\nEnvironment=LANG=C.UTF-8 {var}={value} PORT=8080\n"), value


def crontab_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# m h  dom mon dow   command\nMAILTO=ops@acme.dev\n"
        f"*/15 * * * * {var}={value} /usr/local/bin/acme-sync >> /var/log/acme-sync.log 2>&1\n"
    ), value


def php_fpm_pool(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/php/8.3/fpm/pool.d/shop.conf\n[shop]\nuser = www-data\nlisten = /run/php/shop.sock\n"
        f"env[APP_ENV] = production\nenv[{var}] = {value}\n"
    ), value


def wp_option_update(rng: random.Random, var: str, value: str) -> Place:
    name = "acme_" + var.lower()
    return f"$ wp option update {name} '{value}'\nSuccess: Updated '{name}' option.\n", value


def lombok_tostring(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-03-11 08:12:40.120  INFO 1 --- [main] d.a.s.Bootstrap : loaded "
        f"ClientProperties(endpoint=https://api.acme.dev, {camel(var)}={value}, timeout=PT30S, retries=3)\n"
    ), value


def structlog_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"2026-03-11T08:12:40.120571Z [info     ] client ready                   endpoint=https://api.acme.dev "
        f"{var.lower()}={value} retries=3\n"
    ), value


def mysqldump_insert(rng: random.Random, var: str, value: str) -> Place:
    vendor, _ = _vendor(var)
    return (
        "--\n-- Dumping data for table `integrations`\n--\n\nLOCK TABLES `integrations` WRITE;\n"
        f"INSERT INTO `integrations` VALUES (1,'slack_alerts','disabled',NULL,'2026-01-02 10:00:00'),"
        f"(2,'{vendor}','enabled','{value}','2026-03-11 08:12:40');\nUNLOCK TABLES;\n"
    ), value


def launchd_plist(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n\t<key>Label</key>\n'
        "\t<string>dev.acme.sync</string>\n\t<key>EnvironmentVariables</key>\n\t<dict>\n"
        f"\t\t<key>{var}</key>\n\t\t<string>{value}</string>\n\t</dict>\n</dict>\n</plist>\n"
    ), value


def pm2_ecosystem(rng: random.Random, var: str, value: str) -> Place:
    return (
        "module.exports = {\n  apps: [{\n    name: 'worker',\n    script: 'dist/worker.js',\n"
        f"    env_production: {{\n      NODE_ENV: 'production',\n      {var}: '{value}',\n    }},\n  }}],\n}};\n"
    ), value


def gunicorn_raw_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# gunicorn.conf.py\nbind = "0.0.0.0:8000"\nworkers = 4\n'
        f'raw_env = ["DJANGO_SETTINGS_MODULE=shop.settings", "{var}={value}"]\n'
    ), value


def uwsgi_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[uwsgi]\nmodule = shop.wsgi:application\nmaster = true\nprocesses = 4\nenv = {var}={value}\nvacuum = true\n"
    ), value


def nomad_template(rng: random.Random, var: str, value: str) -> Place:
    return (
        '  task "api" {\n    driver = "docker"\n    template {\n      data        = <<EOH\n'
        f'{var}="{value}"\nEOH\n      destination = "secrets/app.env"\n      env         = true\n    }}\n  }}\n'
    ), value


def emacs_setq(rng: random.Random, var: str, value: str) -> Place:
    name = var.lower().replace("_", "-")
    return f';; ~/.emacs.d/init.el\n(use-package acme-client\n  :config\n  (setq {name} "{value}"))\n', value


def neovim_setup(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    return (
        f'-- ~/.config/nvim/lua/plugins/{vendor}.lua\nreturn {{\n  "acme/{vendor}.nvim",\n  config = function()\n'
        f'    require("{vendor}").setup({{ {rest} = "{value}", notify = true }})\n  end,\n}}\n'
    ), value


def vscode_settings(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    doc = {"editor.formatOnSave": True, f"{vendor}.{camel(rest)}": value, "files.eol": "\n"}
    return json.dumps(doc, indent=4) + "\n", value


def docker_inspect_env(rng: random.Random, var: str, value: str) -> Place:
    env = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin", f"{var}={value}", "LANG=C.UTF-8"]
    return "$ docker inspect --format '{{json .Config.Env}}' shop-api\n" + json.dumps(env) + "\n", value


def proc_environ(rng: random.Random, var: str, value: str) -> Place:
    env = ["HOME=/var/lib/acme", "LANG=C.UTF-8", f"{var}={value}", "PWD=/srv/acme"]
    return "$ sudo tr '\\0' '\\n' < /proc/4121/environ\n" + "\n".join(env) + "\n", value


def expo_app_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"expo": {"name": "Acme", "slug": "acme", "version": "2.4.0", "extra": {camel(var): value}}}
    return json.dumps(doc, indent=2) + "\n", value


def flutter_dart_define(rng: random.Random, var: str, value: str) -> Place:
    return f"$ flutter run --flavor prod --dart-define={var}={value} -d emulator-5554\nLaunching lib/main.dart\n", value


def xcconfig(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Config/Release.xcconfig\nPRODUCT_BUNDLE_IDENTIFIER = dev.acme.app\nSWIFT_OPTIMIZATION_LEVEL = -O\n"
        f"{var} = {value}\n"
    ), value


def gradle_build_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        'android {\n    defaultConfig {\n        applicationId "dev.acme.app"\n'
        f'        buildConfigField "String", "{var}", "\\"{value}\\""\n    }}\n}}\n'
    ), value


def kafka_connect_json(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    config = {"connector.class": f"dev.acme.connect.{pascal(vendor)}SourceConnector", "tasks.max": "1",
              f"{vendor}.{dotted(rest)}": value, "topic": f"{vendor}-events"}  # fmt: skip
    return (
        f"$ curl -s -X PUT -H 'Content-Type: application/json' localhost:8083/connectors/{vendor}-source/config "
        f"-d '{json.dumps(config)}'\n"
    ), value


# -- places of one vendor ----------------------------------------------------------------------------------------


def wakatime_cfg(rng: random.Random, var: str, value: str) -> Place:
    return f"# ~/.wakatime.cfg\n[settings]\napi_key = {value}\nhide_file_names = true\n", value


def deepl_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        'const res = await fetch("https://api-free.deepl.com/v2/translate", {\n  method: "POST",\n'
        f'  headers: {{ Authorization: "DeepL-Auth-Key {value}" }},\n'
        '  body: new URLSearchParams({ text: "Hallo", target_lang: "EN" }),\n});\n'
    ), value


def strace_genie(rng: random.Random, var: str, value: str) -> Place:
    return (
        'connect(5, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("10.0.3.9")}, 16) = 0\n'
        'write(5, "POST /v2/alerts HTTP/1.1\\r\\nHost: api.opsgenie.com\\r\\n'
        f'Authorization: GenieKey {value}\\r\\nContent-Type: application/json\\r\\n\\r\\n", 142) = 142\n'
    ), value


def wdio_browserstack(rng: random.Random, var: str, value: str) -> Place:
    return (
        "exports.config = {\n  user: 'acmeqa_" + s(rng, 6) + "',\n"
        f"  key: '{value}',\n  services: ['browserstack'],\n  capabilities: [{{ browserName: 'chrome' }}],\n}};\n"
    ), value


def selenium_remote_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from selenium import webdriver\n\ndriver = webdriver.Remote(\n"
        f'    command_executor="https://acme-qa:{value}@ondemand.eu-central-1.saucelabs.com:443/wd/hub",\n'
        "    options=webdriver.ChromeOptions(),\n)\n"
    ), value


def pushbullet_requests(rng: random.Random, var: str, value: str) -> Place:
    return (
        'requests.post(\n    "https://api.pushbullet.com/v2/pushes",\n'
        f'    headers={{"Access-Token": "{value}"}},\n'
        '    json={"type": "note", "title": "build", "body": "done"},\n)\n'
    ), value


def unsplash_img(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'<img src="https://api.unsplash.com/photos/random?client_id={value}&amp;orientation=landscape" '
        'alt="hero" loading="lazy">\n'
    ), value


def ably_realtime(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"import * as Ably from 'ably';\n\nconst ably = new Ably.Realtime({{ key: '{value}', clientId: 'web' }});\n",
        value,
    )


def woocommerce_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        'const api = new WooCommerceRestApi({\n  url: "https://shop.acme.dev",\n'
        f'  consumerKey: "ck_{s(rng, 40, HEX)}",\n  consumerSecret: "{value}",\n  version: "wc/v3",\n}});\n'
    ), value


def woocommerce_query(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl 'https://shop.acme.dev/wp-json/wc/v3/orders?consumer_key=ck_"
        f"{s(rng, 40, HEX)}&consumer_secret={value}&per_page=5'\n"
    ), value


def clickup_raw_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "GET /api/v2/team HTTP/1.1\r\nHost: api.clickup.com\r\n"
        f"Authorization: {value}\r\nAccept: application/json\r\n\r\n"
    ), value


def trello_query(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl 'https://api.trello.com/1/members/me/boards?key={s(rng, 32, HEX)}&token={value}'\n"
        '[{"id":"' + s(rng, 24, HEX) + '","name":"Roadmap"}]\n'
    ), value


def opsgenie_heartbeat(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/cron.d/heartbeat\n* * * * * root curl -fsS -X GET "
        f"'https://api.opsgenie.com/v2/heartbeats/worker/ping' -H 'Authorization: GenieKey {value}'\n"
    ), value


def saucelabs_sauce_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# sauce-connect.yaml\nregion: eu-central\nusername: acme-qa\n"
        f"access-key: {value}\ntunnel-name: ci-{uuid4(rng)[:8]}\n"
    ), value


VENDOR_PLACES = (
    puppet_class, chef_attributes, salt_pillar, jenkins_credentials_xml, consul_kv_export, vault_kv_get,
    systemctl_show_env, crontab_line, php_fpm_pool, wp_option_update, lombok_tostring, structlog_line,
    mysqldump_insert, launchd_plist, pm2_ecosystem, gunicorn_raw_env, uwsgi_ini, nomad_template, emacs_setq,
    neovim_setup, vscode_settings, docker_inspect_env, proc_environ, expo_app_json, flutter_dart_define, xcconfig,
    gradle_build_config, kafka_connect_json,
)  # fmt: skip
ONE_VENDOR = (
    wakatime_cfg, deepl_fetch, strace_genie, wdio_browserstack, selenium_remote_url, pushbullet_requests,
    unsplash_img, ably_realtime, woocommerce_client, woocommerce_query, clickup_raw_header, trello_query,
    opsgenie_heartbeat, saucelabs_sauce_env,
)  # fmt: skip
