"""Where the twelfth held-out part (twelfth.py) shows its generic secrets as tools print, record and store them:
infrastructure as code (``terraform output -json``, OpenTofu's state encryption), container and orchestrator
manifests and what their tools print (probes and health checks, ``crictl inspect``, ``kubectl describe pod``,
Kubernetes' and Talos' encryption secrets, Nomad ACL tokens, OpenStack application credentials), framework settings
dumps, test snapshots and fixtures, CI service messages, JVM crash logs and ``jcmd``, error trackers' payloads, IDE and
editor configurations, notebooks, TOTP seeds and an App Store Connect key. Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place, body
from .makers import HEX, s, uuid4


def terraform_output_json_cmd(rng: random.Random, var: str, value: str) -> Place:
    out = {
        "db_endpoint": {"sensitive": False, "type": "string", "value": "orders.c9akciq32.eu-west-1.rds.amazonaws.com"},
        "db_master_password": {"sensitive": True, "type": "string", "value": value},
    }
    return f"$ terraform output -json\n{json.dumps(out, indent=2)}\n", value


def terraform_output_raw_ci_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-04-14T08:01:12.442Z $ export ADMIN_PASSWORD=$(terraform output -raw admin_password)\n"
        '2026-04-14T08:01:13.019Z $ echo "admin password for the smoke test: $ADMIN_PASSWORD"\n'
        f"2026-04-14T08:01:13.020Z admin password for the smoke test: {value}\n"
    ), value


def tofu_encryption_hcl_block(rng: random.Random, var: str, value: str) -> Place:
    return (
        'terraform {\n  encryption {\n    key_provider "pbkdf2" "state" {\n'
        f'      passphrase = "{value}"\n    }}\n    method "aes_gcm" "state" {{\n'
        "      keys = key_provider.pbkdf2.state\n    }\n    state {\n      method = method.aes_gcm.state\n"
        "    }\n  }\n}\n"
    ), value


def tf_encryption_env_heredoc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "      - name: tofu apply\n        env:\n          TF_ENCRYPTION: |\n"
        '            key_provider "pbkdf2" "ci" {\n'
        f'              passphrase = "{value}"\n            }}\n'
        '            method "aes_gcm" "ci" { keys = key_provider.pbkdf2.ci }\n'
        "            state { method = method.aes_gcm.ci }\n        run: tofu apply -auto-approve\n"
    ), value


def k8s_probe_http_headers(rng: random.Random, var: str, value: str) -> Place:
    return (
        "      containers:\n        - name: api\n          image: ghcr.io/acme/api:5.1.0\n          livenessProbe:\n"
        "            httpGet:\n              path: /internal/health\n              port: 8080\n"
        "              httpHeaders:\n                - name: Authorization\n"
        f"                  value: Bearer {value}\n            periodSeconds: 15\n"
    ), value


def compose_healthcheck_curl_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  search:\n    image: ghcr.io/acme/search:0.9.4\n    healthcheck:\n"
        f'      test: ["CMD", "curl", "-fsS", "-H", "Authorization: Bearer {value}", '
        '"http://localhost:7700/health"]\n      interval: 30s\n      retries: 3\n'
    ), value


def crictl_inspect_env_json(rng: random.Random, var: str, value: str) -> Place:
    info = {"info": {"config": {"metadata": {"name": "payments"}, "image": {"image": "ghcr.io/acme/payments:3.0.2"},
                                "envs": [{"key": "SPRING_PROFILES_ACTIVE", "value": "prod"},
                                         {"key": "SPRING_DATASOURCE_PASSWORD", "value": value}]}}}  # fmt: skip
    return (
        f"# crictl inspect {s(rng, 13, HEX)} | jq '{{info: {{config: .info.config}}}}'\n{json.dumps(info, indent=2)}\n",
        value,
    )


def kubectl_describe_pod_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl describe pod ledger-6f7d9c8b5-x2kqp -n finance\nName:             ledger-6f7d9c8b5-x2kqp\n"
        "Namespace:        finance\nContainers:\n  ledger:\n    Image:          ghcr.io/acme/ledger:1.14.0\n"
        "    Port:           8080/TCP\n    Environment:\n      DB_HOST:      ledger-pg.finance.svc\n"
        f"      DB_PASSWORD:  {value}\n      DB_USER:      ledger\n    Mounts:\n"
        "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-7tq2x (ro)\n"
    ), value


def django_diffsettings_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ python manage.py diffsettings\nALLOWED_HOSTS = ['shop.acme.dev']  ###\nDEBUG = False\n"
        "EMAIL_HOST = 'smtp.acme.dev'  ###\n"
        f"EMAIL_HOST_PASSWORD = '{value}'  ###\nEMAIL_HOST_USER = 'noreply@acme.dev'  ###\nEMAIL_PORT = 587  ###\n"
    ), value


def flask_config_pprint(rng: random.Random, var: str, value: str) -> Place:
    return (
        ">>> from pprint import pprint; pprint(dict(app.config))\n{'APPLICATION_ROOT': '/',\n 'DEBUG': False,\n"
        f" 'MAIL_PASSWORD': '{value}',\n 'MAIL_PORT': 587,\n 'MAIL_SERVER': 'smtp.acme.dev',\n"
        " 'MAIL_USERNAME': 'alerts@acme.dev',\n 'TESTING': False}\n"
    ), value


def jest_snapshot_object(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Jest Snapshot v1, https://goo.gl/fbAQLP\n\n"
        "exports[`buildClientConfig reads the environment 1`] = `\n{\n"
        f'  "apiKey": "{value}",\n  "baseUrl": "https://api.acme.dev",\n  "retries": 3,\n}}\n`;\n'
    ), value


def insta_snapshot_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '---\nsource: src/config.rs\nexpression: settings\n---\nSettings {\n    endpoint: "https://api.acme.dev",\n'
        f'    api_key: "{value}",\n    timeout_secs: 30,\n}}\n'
    ), value


def django_dumpdata_json(rng: random.Random, var: str, value: str) -> Place:
    rows = [
        {
            "model": "integrations.webhook",
            "pk": 3,
            "fields": {"url": "https://hooks.acme.dev/in", "signing_token": value, "active": True},
        }
    ]
    return f"$ python manage.py dumpdata integrations.webhook --indent 2\n{json.dumps(rows, indent=2)}\n", value


def rails_test_fixture_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# test/fixtures/api_clients.yml\nbilling:\n  name: billing\n"
        f"  access_token: {value}\n  created_at: <%= 3.days.ago %>\n\nsearch:\n  name: search\n"
        "  access_token: <%= SecureRandom.hex(20) %>\n"
    ), value


def teamcity_set_parameter_message(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[08:14:02] :\t [Step 2/4] Step 2/4: Fetch token (Command Line)\n"
        f"[08:14:03] :\t\t [Step 2/4] ##teamcity[setParameter name='env.REGISTRY_TOKEN' value='{value}']\n"
        "[08:14:03] :\t\t [Step 2/4] Process exited with code 0\n"
    ), value


def gha_set_output_legacy_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-04-14T09:20:11.5124420Z ##[group]Run ./scripts/mint-token.sh\n"
        "2026-04-14T09:20:11.5125009Z ##[endgroup]\n"
        f"2026-04-14T09:20:12.0031337Z ::set-output name=deploy_token::{value}\n"
        "2026-04-14T09:20:12.0090211Z Warning: The `set-output` command is deprecated and will be disabled soon.\n"
    ), value


def hs_err_pid_java_command(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#\n# A fatal error has been detected by the Java Runtime Environment:\n#\n"
        "#  SIGSEGV (0xb) at pc=0x00007f3a1c2b4e10, pid=4242, tid=4310\n#\n"
        "---------------  S U M M A R Y ------------\n\n"
        "Command Line: -Xmx2g -Dspring.profiles.active=prod "
        f"-Dspring.datasource.password={value} -jar /opt/acme/orders.jar\n\n"
        "Host: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz, 4 cores, 15G, Ubuntu 22.04.4 LTS\n"
    ), value


def jcmd_vm_system_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ jcmd 4242 VM.system_properties | grep -i -e datasource -e java.version\n"
        "spring.datasource.url=jdbc\\:postgresql\\://orders-db\\:5432/orders\n"
        f"spring.datasource.password={value}\njava.version=21.0.3\n"
    ), value


def sentry_event_request_data_escaped(rng: random.Random, var: str, value: str) -> Place:
    body = json.dumps({"email": "ana@acme.dev", "password": value, "remember": True}, separators=(",", ":"))
    event = {"event_id": s(rng, 32, HEX), "level": "error", "transaction": "POST /api/login",
             "request": {"url": "https://shop.acme.dev/api/login", "method": "POST", "data": body},
             "exception": {"values": [{"type": "OperationalError", "value": "database is locked"}]}}  # fmt: skip
    return json.dumps(event), value


def rollbar_occurrence_post_params(rng: random.Random, var: str, value: str) -> Place:
    item = {"data": {"environment": "production", "level": "error",
                     "body": {"message": {"body": "Signup failed: SMTP timeout"}},
                     "request": {"url": "https://acme.dev/signup", "method": "POST",
                                 "POST": {"username": "newcustomer", "password": value, "plan": "team"}}}}  # fmt: skip
    return json.dumps(item, indent=2), value


def intellij_run_configuration_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<component name="ProjectRunConfigurationManager">\n'
        '  <configuration default="false" name="OrdersApplication" type="SpringBootApplicationConfigurationType">\n'
        '    <option name="ACTIVE_PROFILES" value="local" />\n    <envs>\n'
        '      <env name="DB_USER" value="orders" />\n'
        f'      <env name="DB_PASSWORD" value="{value}" />\n    </envs>\n'
        '    <module name="orders.main" />\n  </configuration>\n</component>\n'
    ), value


def xcode_scheme_environment_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        '      <EnvironmentVariables>\n         <EnvironmentVariable\n            key = "STAGING_API_PASSWORD"\n'
        f'            value = "{value}"\n            isEnabled = "YES">\n         </EnvironmentVariable>\n'
        "      </EnvironmentVariables>\n"
    ), value


def vscode_sqltools_settings_json(rng: random.Random, var: str, value: str) -> Place:
    conn = {"sqltools.connections": [{"previewLimit": 50, "server": "reporting-db.acme.internal", "port": 5432,
                                      "driver": "PostgreSQL", "name": "reporting (prod)", "database": "reporting",
                                      "username": "analyst", "password": value}]}  # fmt: skip
    return f"// .vscode/settings.json\n{json.dumps(conn, indent=4)}\n", value


def vscode_rest_client_environment(rng: random.Random, var: str, value: str) -> Place:
    env = {
        "rest-client.environmentVariables": {
            "$shared": {"version": "v2"},
            "staging": {"host": "staging.acme.dev", "adminPassword": value},
        }
    }
    return json.dumps(env, indent=2) + "\n", value


def zeppelin_note_paragraph_result(rng: random.Random, var: str, value: str) -> Place:
    shown = {"type": "TEXT", "data": f"S3_BUCKET=acme-etl\nETL_API_TOKEN={value}\n"}
    note = {"paragraphs": [{"text": "%sh\ncat /opt/etl/.env", "status": "FINISHED",
                            "results": {"code": "SUCCESS", "msg": [shown]}}],
            "name": "etl-debug", "id": "2JZ" + s(rng, 6, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}  # fmt: skip
    return json.dumps(note), value


def ipynb_shell_cat_output(rng: random.Random, var: str, value: str) -> Place:
    cell = {"cell_type": "code", "execution_count": 7, "metadata": {}, "source": ["!cat ~/.config/acme/credentials"],
            "outputs": [{"name": "stdout", "output_type": "stream",
                         "text": ["[default]\n", f"api_token = {value}\n", "region = eu\n"]}]}  # fmt: skip
    return json.dumps(cell, indent=1), value


def openstack_appcred_create_table(rng: random.Random, var: str, value: str) -> Place:
    rows = [("description", "ci deploys"), ("expires_at", "2026-12-31T00:00:00.000000"), ("id", s(rng, 32, HEX)),
            ("name", "ci-deployer"), ("project_id", s(rng, 32, HEX)), ("roles", "member"), ("secret", value),
            ("unrestricted", "False")]  # fmt: skip
    width = max(len(v) for _, v in rows)
    line = "+--------------+" + "-" * (width + 2) + "+"
    body = "\n".join(f"| {k:<12} | {v:<{width}} |" for k, v in rows)
    head = f"| {'Field':<12} | {'Value':<{width}} |"
    command = "$ openstack application credential create ci-deployer --expiration 2026-12-31T00:00:00"
    return f"{command}\n{line}\n{head}\n{line}\n{body}\n{line}\n", value


def clouds_yaml_application_credential(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/openstack/clouds.yaml\nclouds:\n  acme-fra:\n    auth_type: v3applicationcredential\n"
        "    auth:\n      auth_url: https://keystone.fra.acme.cloud:5000/v3\n"
        f"      application_credential_id: {s(rng, 32, HEX)}\n      application_credential_secret: {value}\n"
        "    region_name: FRA1\n    interface: public\n"
    ), value


def nomad_acl_token_create_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ nomad acl token create -name="ci-deployer" -policy=deploy -type=client\n'
        f"Accessor ID  = {uuid4(rng)}\nSecret ID    = {value}\nName         = ci-deployer\nType         = client\n"
        "Global       = false\nCreate Time  = 2026-04-14 09:31:02 +0000 UTC\nPolicies     = [deploy]\n"
    ), value


def nomad_cli_token_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"+ nomad job run -address=https://nomad.acme.dev:4646 -token={value} jobs/web.nomad.hcl\n"
        '==> 2026-04-14T09:33:10Z: Monitoring evaluation "6a0c1e2f"\n'
    ), value


def zbarimg_otpauth_uri(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ zbarimg --quiet ~/Downloads/aws-mfa-qr.png\n"
        f"QR-Code:otpauth://totp/Amazon%20Web%20Services:root@acme-prod?secret={value}&issuer=Amazon%20Web%20Services\n"
    ), value


def oathtool_totp_base32_cmd(rng: random.Random, var: str, value: str) -> Place:
    return f"  733  oathtool --totp -b '{value}'\n  734  ssh bastion.acme.dev\n", value


def encryption_configuration_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n  - resources:\n"
        "      - secrets\n    providers:\n      - aescbc:\n          keys:\n            - name: key1\n"
        f"              secret: {value}\n      - identity: {{}}\n"
    ), value


def talos_machine_config_secretbox(rng: random.Random, var: str, value: str) -> Place:
    return (
        "cluster:\n  id: " + s(rng, 43) + "=\n  clusterName: acme-prod\n  controlPlane:\n"
        "    endpoint: https://10.0.10.10:6443\n"
        f"  secretboxEncryptionSecret: {value}\n  token: {s(rng, 6, 'abcdefghijklmnopqrstuvwxyz0123456789')}."
        f"{s(rng, 16, 'abcdefghijklmnopqrstuvwxyz0123456789')}\n"
    ), value


def fastlane_api_key_json_escaped(rng: random.Random, var: str, value: str) -> Place:
    doc = {"key_id": s(rng, 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), "issuer_id": uuid4(rng),
           "key": value + "\n", "in_house": False}  # fmt: skip
    return f"// fastlane/api_key.json\n{json.dumps(doc, indent=2)}\n", body(value)


def fastfile_key_content_heredoc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "lane :beta do\n  api_key = app_store_connect_api_key(\n"
        f'    key_id: "{s(rng, 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}",\n    issuer_id: "{uuid4(rng)}",\n'
        f"    key_content: <<~P8\n{chr(10).join('      ' + line for line in value.splitlines())}\n    P8\n  )\n"
        "  pilot(api_key: api_key)\nend\n"
    ), body(value)


PLACES = {
    f.__name__: f
    for f in (
        terraform_output_json_cmd, terraform_output_raw_ci_log, tofu_encryption_hcl_block, tf_encryption_env_heredoc,
        k8s_probe_http_headers, compose_healthcheck_curl_header, crictl_inspect_env_json, kubectl_describe_pod_env,
        django_diffsettings_output, flask_config_pprint, jest_snapshot_object, insta_snapshot_yaml,
        django_dumpdata_json, rails_test_fixture_yml, teamcity_set_parameter_message, gha_set_output_legacy_log,
        hs_err_pid_java_command, jcmd_vm_system_properties, sentry_event_request_data_escaped,
        rollbar_occurrence_post_params, intellij_run_configuration_xml, xcode_scheme_environment_variables,
        vscode_sqltools_settings_json, vscode_rest_client_environment, zeppelin_note_paragraph_result,
        ipynb_shell_cat_output, openstack_appcred_create_table, clouds_yaml_application_credential,
        nomad_acl_token_create_output, nomad_cli_token_flag, zbarimg_otpauth_uri, oathtool_totp_base32_cmd,
        encryption_configuration_yaml, talos_machine_config_secretbox, fastlane_api_key_json_escaped,
        fastfile_key_content_heredoc,
    )
}  # fmt: skip
