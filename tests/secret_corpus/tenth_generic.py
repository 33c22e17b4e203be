"""The generic places of the tenth held-out part (tenth.py) in application code and app configs: surroundings none
of the other parts has, each taking ``(rng, name, value)`` and giving ``(text, secret)``. Named in tenth.py beside
the format that uses them; tenth_system.py holds hosts' and services' config files and command lines,
tenth_traces.py what tools print, log and store and what people paste."""

from __future__ import annotations

import random

from .fifth_places import Place
from .fresh import Shown
from .makers import HEX, s


def ecto_repo_config_exs(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# config/prod.exs\nimport Config\n\nconfig :shop, Shop.Repo,\n  username: "shop",\n'
        f'  password: "{value}",\n  hostname: "db.internal",\n  database: "shop_prod",\n  pool_size: 10\n'
    ), value


def elixir_crash_state_dump(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[error] GenServer #PID<0.412.0> terminating\n** (DBConnection.ConnectionError) tcp connect (db.internal:5432):"
        " connection refused - :econnrefused\nLast message: {:EXIT, #PID<0.405.0>, :shutdown}\n"
        f'State: %{{opts: [database: "shop_prod", hostname: "db.internal", password: "{value}", '
        'pool_size: 10, username: "shop"], repo: Shop.Repo}\n'
    ), value


def cloak_vault_config_exs(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/runtime.exs\nconfig :shop, Shop.Vault,\n  ciphers: [\n    default: {Cloak.Ciphers.AES.GCM,\n"
        f'      tag: "AES.GCM.V1", key: Base.decode64!("{value}"), iv_length: 12}}\n  ]\n'
    ), value


def cloak_key_iex_generate(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ iex -S mix\nErlang/OTP 26 [erts-14.2] [64-bit]\n\n"
        "iex(1)> 32 |> :crypto.strong_rand_bytes() |> Base.encode64()\n"
        f'"{value}"\niex(2)> System.put_env("CLOAK_KEY", v(1))\n:ok\n'
    ), value


def rocket_toml_release(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# Rocket.toml\n[default]\naddress = "0.0.0.0"\nport = 8000\n\n[release]\n'
        f'secret_key = "{value}"\nlog_level = "normal"\n'
    ), value


def rocket_env_k8s_deployment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: pastebin\nspec:\n  template:\n    spec:\n"
        "      containers:\n        - name: pastebin\n          image: acme/pastebin:0.9\n          env:\n"
        f'            - name: ROCKET_SECRET_KEY\n              value: "{value}"\n'
        '            - name: ROCKET_PROFILE\n              value: "release"\n'
    ), value


def go_cookiestore_literal(rng: random.Random, var: str, value: str) -> Place:
    return (
        'package web\n\nimport "github.com/gorilla/sessions"\n\n'
        f'var store = sessions.NewCookieStore([]byte("{value}"))\n\n'
        "func init() {\n\tstore.Options.HttpOnly = true\n\tstore.Options.Secure = true\n}\n"
    ), value


def go_securecookie_hex(rng: random.Random, var: str, value: str) -> Place:
    return (
        'package auth\n\nimport (\n\t"encoding/hex"\n\n\t"github.com/gorilla/securecookie"\n)\n\n'
        f'var hashKey, _ = hex.DecodeString("{value}")\n'
        "var codec = securecookie.New(hashKey, nil)\n"
    ), value


def symfony_framework_yaml_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/packages/framework.yaml\nframework:\n"
        f"    secret: '{value}'\n    http_method_override: false\n    session:\n        handler_id: null\n"
    ), value


def symfony_debug_container_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ php bin/console debug:container --env-vars --show-hidden\n\nSymfony Container Environment Variables\n"
        "=======================================\n\n ------------ --------------- ----------------------------------\n"
        "  Name         Default value   Real value\n ------------ --------------- ----------------------------------\n"
        f'  APP_ENV      n/a             "prod"\n  APP_SECRET   n/a             "{value}"\n'
    ), value


def drupal_settings_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// sites/default/settings.php\n$databases['default']['default'] = ['driver' => 'mysql', "
        "'database' => 'drupal', 'host' => 'db'];\n"
        f"$settings['hash_salt'] = '{value}';\n$settings['config_sync_directory'] = '../config/sync';\n"
    ), value


def drush_php_eval_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ drush php:eval "echo \\Drupal\\Core\\Site\\Settings::getHashSalt();"\n'
        f"{value}\n$ drush status --field=drupal-version\n10.2.4\n"
    ), value


def magento_env_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// app/etc/env.php\nreturn [\n    'backend' => ['frontName' => 'admin_x7k2'],\n"
        f"    'crypt' => [\n        'key' => '{value}'\n    ],\n    'MAGE_MODE' => 'production',\n];\n"
    ), value


def magento_setup_install_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ bin/magento setup:install --base-url=https://shop.acme.dev/ --db-host=db --db-name=magento "
        f"--db-user=magento --key={value} --backend-frontname=admin_x7k2 --language=en_US\n"
        "Starting Magento installation:\nFile permissions check...\n"
    ), value


def devise_initializer_rb(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/initializers/devise.rb\nDevise.setup do |config|\n"
        "  config.mailer_sender = 'no-reply@acme.dev'\n"
        f"  config.secret_key = '{value}'\n  config.stretches = Rails.env.test? ? 1 : 12\nend\n"
    ), value


def rails_credentials_show_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ EDITOR=cat bin/rails credentials:show\naws:\n  region: eu-central-1\ndevise_secret_key: {value}\n"
    ), value


def csharp_x509_pfx_load(rng: random.Random, var: str, value: str) -> Place:
    return (
        'builder.Services.AddDataProtection()\n    .PersistKeysToFileSystem(new DirectoryInfo("/keys"))\n'
        f'    .ProtectKeysWithCertificate(new X509Certificate2("/certs/dataprotection.pfx", "{value}"));\n'
    ), value


def dotnet_dev_certs_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'PS> dotnet dev-certs https -ep $env:USERPROFILE\\.aspnet\\https\\shop.pfx -p "{value}" --trust\n'
        "Trusting the HTTPS development certificate was requested.\nA valid HTTPS certificate is already present.\n"
    ), value


def web_config_machinekey(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<configuration>\n  <system.web>\n    <compilation debug="false" targetFramework="4.8" />\n'
        f'    <machineKey validationKey="{value}"\n'
        f'                decryptionKey="{s(rng, 64, "0123456789ABCDEF")}"\n'
        '                validation="HMACSHA256" decryption="AES" />\n  </system.web>\n</configuration>\n'
    ), value


def machinekey_generate_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS> Generate-MachineKey -validation sha256\n"
        f'<machineKey decryption="AES" decryptionKey="{s(rng, 64, "0123456789ABCDEF")}" '
        f'validation="HMACSHA256" validationKey="{value}" />\n'
    ), value


def spring_jasypt_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# application.properties\nspring.datasource.url=jdbc:postgresql://db:5432/billing\n"
        f"spring.datasource.password=ENC({s(rng, 44, HEX)})\njasypt.encryptor.password={value}\n"
        "jasypt.encryptor.algorithm=PBEWITHHMACSHA512ANDAES_256\n"
    ), value


def java_jar_jasypt_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ java -Djasypt.encryptor.password={value} -jar billing-2.3.1.jar --spring.profiles.active=prod\n"
        "  .   ____          _            __ _ _\n :: Spring Boot ::                (v3.2.4)\n"
    ), value


def tomcat_users_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- conf/tomcat-users.xml -->\n<tomcat-users>\n'
        '  <role rolename="manager-gui"/>\n  <role rolename="manager-script"/>\n'
        f'  <user username="deployer" password="{value}" roles="manager-gui,manager-script"/>\n</tomcat-users>\n'
    ), value


def wildfly_add_user_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ /opt/jboss/wildfly/bin/add-user.sh -u admin -p '{value}' --silent\n"
        "$ /opt/jboss/wildfly/bin/standalone.sh -b 0.0.0.0 -bmanagement 0.0.0.0\n"
    ), value


def knexfile_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// knexfile.js\nmodule.exports = {\n  production: {\n    client: 'pg',\n    connection: {\n"
        f"      host: 'db.internal',\n      user: 'shop',\n      password: '{value}',\n      database: 'shop',\n"
        "    },\n    pool: { min: 2, max: 10 },\n  },\n};\n"
    ), value


def typeorm_datasource_ts(rng: random.Random, var: str, value: str) -> Place:
    return (
        'import { DataSource } from "typeorm";\n\nexport const AppDataSource = new DataSource({\n'
        f'  type: "mysql",\n  host: "mysql.internal",\n  port: 3306,\n  username: "orders",\n'
        f'  password: "{value}",\n  database: "orders",\n  synchronize: false,\n}});\n'
    ), value


def paramiko_connect_call(rng: random.Random, var: str, value: str) -> Place:
    host = f"10.20.{rng.randint(1, 250)}.{rng.randint(2, 250)}"
    return (
        "import paramiko\n\nclient = paramiko.SSHClient()\n"
        "client.set_missing_host_key_policy(paramiko.AutoAddPolicy())\n"
        f'client.connect("{host}", username="deploy", password="{value}")\n'
        'stdin, stdout, stderr = client.exec_command("systemctl restart shop")\n'
    ), value


def fabric_connect_kwargs(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from fabric import Connection\n\n"
        f'c = Connection("web-{rng.randint(1, 9)}.acme.lan", user="deploy", connect_kwargs={{"password": "{value}"}})\n'
        'c.run("uptime")\n'
    ), value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        ecto_repo_config_exs, elixir_crash_state_dump, cloak_vault_config_exs, cloak_key_iex_generate,
        rocket_toml_release, rocket_env_k8s_deployment, go_cookiestore_literal, go_securecookie_hex,
        symfony_framework_yaml_secret, symfony_debug_container_env, drupal_settings_php, drush_php_eval_output,
        magento_env_php, magento_setup_install_key, devise_initializer_rb, rails_credentials_show_output,
        csharp_x509_pfx_load, dotnet_dev_certs_export, web_config_machinekey, machinekey_generate_output,
        spring_jasypt_properties, java_jar_jasypt_flag, tomcat_users_xml, wildfly_add_user_cmd, knexfile_js,
        typeorm_datasource_ts, paramiko_connect_call, fabric_connect_kwargs,
    )
}  # fmt: skip
