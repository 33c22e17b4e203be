"""Where the eleventh held-out part (eleventh.py) shows its generic secrets made for building and shipping: CLIs
that take a secret (gh, vercel, docker, openssl, signtool, sshpass, lftp, curl, HTTPie, gcloud, aws, helm), build
and release configs (Gradle signing, fastlane match, electron-builder, Flutter's ``--dart-define``), mobile app
bundles, and the stores of services a developer runs (MongoDB, Redis ACLs, Neo4j, rclone, NATS, Syncthing, Plex,
Sonarr and Prowlarr, Transmission). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def gh_secret_set_shell_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "  501  gh auth status\n  502  gh secret list -R acme/api\n"
        f'  503  gh secret set DB_PASSWORD -R acme/api --body "{value}"\n  504  gh workflow run deploy.yml\n'
    ), value


def gh_secret_set_makefile(rng: random.Random, var: str, value: str) -> Place:
    return (
        ".PHONY: secrets\nsecrets:\n\tgh secret set REGISTRY_USER --body acme-ci\n"
        f"\tgh secret set REGISTRY_PASSWORD --env production --body '{value}'\n"
    ), value


def vercel_env_add_pipe(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ printf '%s' '{value}' | vercel env add DATABASE_PASSWORD production\n"
        "Vercel CLI 34.2.0\n✅  Added Environment Variable DATABASE_PASSWORD to Project acme-web [312ms]\n"
    ), value


def docker_secret_create_printf(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ printf "{value}" | docker secret create pg_password -\n'
        f"{s(rng, 25, 'abcdefghijklmnopqrstuvwxyz0123456789')}\n$ docker secret ls\n"
    ), value


def docker_build_arg_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker build --build-arg NEXUS_USER=ci "
        f"--build-arg NEXUS_PASSWORD={value} -t registry.acme.io/api:1.9.0 .\n"
        "[+] Building 41.3s (14/14) FINISHED\n"
    ), value


def docker_history_build_arg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker history --no-trunc registry.acme.io/api:1.9.0 | head -3\n"
        "IMAGE          CREATED        CREATED BY                                                    SIZE\n"
        f"<missing>      2 hours ago    RUN |2 NEXUS_USER=ci NEXUS_PASSWORD={value} "
        "/bin/sh -c mvn -s settings.xml package   "
        "212MB\n<missing>      2 hours ago    ARG NEXUS_PASSWORD                                            0B\n"
    ), value


def openssl_pkcs12_passout(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ openssl pkcs12 -export -in server.crt -inkey server.key -certfile chain.pem \\\n"
        f"    -name api -out server.p12 -passout pass:{value}\n"
    ), value


def openssl_enc_k_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        " 1207  tar czf backup.tgz ./data\n"
        f" 1208  openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.tgz -out backup.tgz.enc -k '{value}'\n"
        " 1209  aws s3 cp backup.tgz.enc s3://acme-backups/\n"
    ), value


def signtool_build_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2024-05-02T10:14:22.811Z ##[section]Starting: Sign binaries\n"
        f'"C:\\Program Files (x86)\\Windows Kits\\10\\bin\\x64\\signtool.exe" sign /f codesign.pfx /p {value} '
        "/fd SHA256 /tr http://timestamp.digicert.com /td SHA256 bin\\Release\\Acme.exe\n"
        "Done Adding Additional Store\nSuccessfully signed: bin\\Release\\Acme.exe\n"
    ), value


def msbuild_signtool_target(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<Target Name="SignOutput" AfterTargets="Build">\n'
        f'  <Exec Command="signtool sign /f $(ProjectDir)cert.pfx /p &quot;{value}&quot; /fd SHA256 $(TargetPath)" />\n'
        "</Target>\n"
    ), value


def sshpass_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"  88  sshpass -p '{value}' ssh -o StrictHostKeyChecking=no deploy@10.0.4.17 'sudo systemctl restart api'\n"
        "  89  exit\n"
    ), value


def sshpass_rsync_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# sync-reports.sh, run from cron\nset -e\n"
        f'sshpass -p "{value}" rsync -az -e ssh /srv/reports/ backup@nas.lan:/volume1/reports/\n'
    ), value


def lftp_u_flag(rng: random.Random, var: str, value: str) -> Place:
    return f"$ lftp -u webmaster,{value} sftp://files.acme-hosting.net -e 'mirror -R dist/ /htdocs; bye'\n", value


def lftp_open_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\nlftp <<EOF\nset ssl:verify-certificate no\n"
        f"open -u uploader,{value} ftp.partner.example\nmput -O /incoming exports/*.csv\nbye\nEOF\n"
    ), value


def curl_oauth2_bearer_history(rng: random.Random, var: str, value: str) -> Place:
    return f'$ curl -s --oauth2-bearer {value} https://api.acme.io/v2/me | jq .email\n"ops@acme.io"\n', value


def makefile_curl_oauth2_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "smoke:\n\tcurl --fail --silent \\\n"
        f'\t  --oauth2-bearer "{value}" \\\n\t  https://staging.acme.io/healthz/deep\n'
    ), value


def httpie_a_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ http -a admin:{value} POST :8080/api/reindex full==true\nHTTP/1.1 202 Accepted\n"
        'Content-Type: application/json\n\n{\n    "status": "queued"\n}\n'
    ), value


def httpie_session_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "__meta__": {"about": "HTTPie session file", "httpie": "3.2.2"},
        "auth": {"raw_auth": f"admin:{value}", "type": "basic"},
        "cookies": [], "headers": {"Accept": "application/json"},
    }  # fmt: skip
    return "// ~/.config/httpie/sessions/localhost_8080/admin.json\n" + json.dumps(doc, indent=4) + "\n", value


def gcloud_sql_set_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ gcloud sql users set-password app --instance=orders-db --password='{value}'\n"
        "Updating Cloud SQL user...done.\n"
    ), value


def aws_rds_create_master_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "aws rds create-db-instance \\\n  --db-instance-identifier billing-prod \\\n  --engine postgres \\\n"
        f"  --master-username billing \\\n  --master-user-password '{value}' \\\n  --allocated-storage 100\n"
    ), value


def helm_install_set_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ helm upgrade --install pg bitnami/postgresql -n data \\\n"
        f"    --set auth.username=app --set auth.password={value} --set primary.persistence.size=50Gi\n"
        'Release "pg" has been upgraded. Happy Helming!\n'
    ), value


def helm_get_values_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ helm get values keycloak -n auth\nUSER-SUPPLIED VALUES:\nauth:\n  adminUser: admin\n"
        f"  adminPassword: {value}\nproduction: true\nproxy: edge\n"
    ), value


def gradle_properties_signing(rng: random.Random, var: str, value: str) -> Place:
    key_id = s(rng, 8, HEX.upper())
    return (
        "# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx2g\n"
        f"signing.keyId={key_id}\nsigning.password={value}\n"
        "signing.secretKeyRingFile=/home/ci/.gnupg/secring.gpg\nossrhUsername=acme-release\n"
    ), value


def gradle_env_in_memory_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "- name: Publish to Maven Central\n  run: ./gradlew publishToMavenCentral --no-configuration-cache\n"
        "  env:\n    ORG_GRADLE_PROJECT_signingInMemoryKey: ${{ secrets.SIGNING_KEY }}\n"
        f'    ORG_GRADLE_PROJECT_signingInMemoryKeyPassword: "{value}"\n'
    ), value


def fastlane_env_default(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# fastlane/.env.default\nFASTLANE_USER=ios@acme.io\nMATCH_GIT_URL=git@github.com:acme/certificates.git\n"
        f"MATCH_PASSWORD={value}\nMATCH_TYPE=appstore\n"
    ), value


def fastlane_match_ci_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[10:02:11]: ------------------\n[10:02:11]: --- Step: match ---\n[10:02:11]: ------------------\n"
        f"[10:02:11]: $ MATCH_PASSWORD={value} bundle exec fastlane match appstore --readonly\n"
        "[10:02:14]: Cloning remote git repo...\n"
    ), value


def electron_builder_ci_env_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .gitlab-ci.yml\nrelease:win:\n  image: electronuserland/builder:wine\n  variables:\n"
        f'    CSC_LINK: ./build/codesign.p12\n    CSC_KEY_PASSWORD: "{value}"\n'
        "  script:\n    - npx electron-builder --win --publish always\n"
    ), value


def electron_builder_debug_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        '  • electron-builder  version=24.13.3 os=22.04\n  • loaded configuration  file=package.json ("build" field)\n'
        f"  • DEBUG=electron-builder env  CSC_LINK=./build/codesign.p12 CSC_KEY_PASSWORD={value}\n"
        "  • signing         file=dist/win-unpacked/Acme.exe certificateFile=./build/codesign.p12\n"
    ), value


def flutter_build_dart_define(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ flutter build apk --release --dart-define=API_BASE=https://api.acme.io "
        f"--dart-define=API_SECRET={value}\n\nRunning Gradle task 'assembleRelease'...   61.2s\n"
        "✓ Built build/app/outputs/flutter-apk/app-release.apk (21.4MB)\n"
    ), value


def vscode_launch_dart_define(rng: random.Random, var: str, value: str) -> Place:
    doc = {"version": "0.2.0", "configurations": [{
        "name": "acme_app (prod api)", "request": "launch", "type": "dart",
        "args": ["--dart-define=API_BASE=https://api.acme.io", f"--dart-define=API_SECRET={value}"]}]}  # fmt: skip
    return "// .vscode/launch.json\n" + json.dumps(doc, indent=4) + "\n", value


def info_plist_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
        "\t<key>CFBundleIdentifier</key>\n\t<string>io.acme.shop</string>\n"
        f"\t<key>AcmeBackendClientSecret</key>\n\t<string>{value}</string>\n</dict>\n</plist>\n"
    ), value


def android_strings_xml_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<!-- app/src/main/res/values/strings.xml -->\n<resources>\n    <string name="app_name">Acme Shop</string>\n'
        f'    <string name="backend_client_secret" translatable="false">{value}</string>\n</resources>\n'
    ), value


def mongo_init_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// docker-entrypoint-initdb.d/01-users.js\ndb = db.getSiblingDB('orders');\n"
        f"db.createUser({{\n  user: 'orders_app',\n  pwd: '{value}',\n"
        "  roles: [{ role: 'readWrite', db: 'orders' }],\n});\n"
    ), value


def mongosh_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// ~/.mongodb/mongosh/mongosh_repl_history\nshow dbs\nuse reporting\n"
        f'db.createUser({{user: "bi_reader", pwd: "{value}", roles: ["read"]}})\ndb.getUsers()\n'
    ), value


def redis_acl_setuser(rng: random.Random, var: str, value: str) -> Place:
    return f"127.0.0.1:6379> ACL SETUSER worker on >{value} ~jobs:* +@list +@connection\nOK\n", value


def redis_users_acl_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# /etc/redis/users.acl\nuser default off\nuser cache on >{value} ~cache:* &* +@read +@write -@dangerous\n"
    ), value


def neo4j_docker_env_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  graph:\n    image: neo4j:5.19\n    ports: ['7474:7474', '7687:7687']\n    environment:\n"
        f'      - NEO4J_AUTH=neo4j/{value}\n      - NEO4J_PLUGINS=["apoc"]\n'
    ), value


def cypher_shell_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cypher-shell -a neo4j://graph.internal:7687 -u neo4j -p '{value}' \"MATCH (n) RETURN count(n);\"\n"
        "count(n)\n184223\n"
    ), value


def rclone_conf_section(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/rclone/rclone.conf\n[nas]\ntype = sftp\nhost = nas.lan\nuser = backup\n"
        f"pass = {value}\nshell_type = unix\n"
    ), value


def rclone_config_show(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ rclone config show box-webdav\n[box-webdav]\ntype = webdav\nurl = https://dav.box.com/dav\n"
        f"vendor = other\nuser = ops@acme.io\npass = {value}\n"
    ), value


def nats_creds_file(rng: random.Random, var: str, value: str) -> Place:
    jwt_body = s(rng, 180, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    return (
        "-----BEGIN NATS USER JWT-----\neyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ." + jwt_body + "\n"
        "------END NATS USER JWT------\n\n************************* IMPORTANT *************************\n"
        "NKEY Seed printed below can be used to sign and prove identity.\nNKEYs are sensitive and should be treated "
        f"as secrets.\n\n-----BEGIN USER NKEY SEED-----\n{value}\n------END USER NKEY SEED------\n"
    ), value


def nsc_generate_nkey_output(rng: random.Random, var: str, value: str) -> Place:
    pub = "U" + s(rng, 55, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    return f"$ nsc generate nkey --user\n{value}\n{pub}\n", value


def syncthing_config_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<gui enabled="true" tls="false" debugging="false">\n    <address>127.0.0.1:8384</address>\n'
        f"    <apikey>{value}</apikey>\n    <theme>default</theme>\n</gui>\n"
    ), value


def syncthing_cli_apikey_get(rng: random.Random, var: str, value: str) -> Place:
    return f"$ syncthing cli config gui apikey get\n{value}\n", value


def plex_preferences_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<Preferences OldestPreviousVersion="1.40.1" '
        f'MachineIdentifier="{uuid4(rng)}" ProcessedMachineIdentifier="{s(rng, 40, HEX)}" '
        f'PlexOnlineToken="{value}" PlexOnlineUsername="acmehome" AcceptedEULA="1"/>\n'
    ), value


def plex_token_query_url(rng: random.Random, var: str, value: str) -> Place:
    return (f"$ curl -s 'http://192.168.1.20:32400/library/sections/1/refresh?X-Plex-Token={value}'\n"), value


def sonarr_config_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<Config>\n  <BindAddress>*</BindAddress>\n  <Port>8989</Port>\n  <SslPort>9898</SslPort>\n"
        f"  <ApiKey>{value}</ApiKey>\n  <AuthenticationMethod>Forms</AuthenticationMethod>\n  <Branch>main</Branch>\n"
        "</Config>\n"
    ), value


def prowlarr_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return f"curl -s 'http://prowlarr:9696/api/v1/indexer?apikey={value}' | jq '.[].name'\n", value


def transmission_settings_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"download-dir": "/downloads/complete", "rpc-authentication-required": True, "rpc-enabled": True,
           "rpc-password": value, "rpc-port": 9091, "rpc-username": "transmission"}  # fmt: skip
    return "// /var/lib/transmission-daemon/info/settings.json\n" + json.dumps(doc, indent=4) + "\n", value


def transmission_remote_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ transmission-remote 127.0.0.1:9091 --auth transmission:{value} -l\n"
        "    ID   Done       Have  ETA           Up    Down  Ratio  Status       Name\n"
        "     1   100%   4.36 GB  Done         0.0     0.0    1.2  Idle         debian-12.5.0-amd64-DVD-1.iso\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        gh_secret_set_shell_history, gh_secret_set_makefile, vercel_env_add_pipe, docker_secret_create_printf,
        docker_build_arg_cmd, docker_history_build_arg, openssl_pkcs12_passout, openssl_enc_k_history,
        signtool_build_log, msbuild_signtool_target, sshpass_history, sshpass_rsync_script, lftp_u_flag,
        lftp_open_script, curl_oauth2_bearer_history, makefile_curl_oauth2_bearer, httpie_a_flag, httpie_session_json,
        gcloud_sql_set_password, aws_rds_create_master_password, helm_install_set_flag, helm_get_values_output,
        gradle_properties_signing, gradle_env_in_memory_key, fastlane_env_default, fastlane_match_ci_log,
        electron_builder_ci_env_yaml, electron_builder_debug_log, flutter_build_dart_define, vscode_launch_dart_define,
        info_plist_secret_key, android_strings_xml_secret, mongo_init_js, mongosh_history, redis_acl_setuser,
        redis_users_acl_file, neo4j_docker_env_auth, cypher_shell_p_flag, rclone_conf_section, rclone_config_show,
        nats_creds_file, nsc_generate_nkey_output, syncthing_config_xml, syncthing_cli_apikey_get,
        plex_preferences_xml, plex_token_query_url, sonarr_config_xml, prowlarr_api_curl, transmission_settings_json,
        transmission_remote_auth,
    )
}  # fmt: skip
