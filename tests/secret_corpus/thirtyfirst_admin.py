"""Where the thirty-first held-out part (thirtyfirst.py) shows generic secrets that deployment agents, self-hosted
PaaS, backend platforms, comic servers, Kubernetes nodes, identity-aware proxies, app updaters, telemetry pipelines,
notification tools and container updaters hold or are given: a deployment agent's passkey (Komodo's ``compose.env``,
its periphery's ``periphery.config.toml``), a self-hosted PaaS's first admin password (Coolify's install script, its
``.env``), a backend platform's OpenSSL key (Appwrite's ``.env``, its Compose file), an embedded backend's superuser
password (PocketBase's ``superuser upsert``, a container entrypoint), a comic server's token key (Kavita's
``appsettings.json``, a Kubernetes config map), a Kubernetes node's join token (MicroK8s' ``add-node``, a cloud-init
``join``), an identity-aware proxy's TLS key as PEM in base64, longer than a stream's window (Pomerium's
``config.yaml``, a Kubernetes secret), an app updater's EdDSA private key (Sparkle's ``sign_update`` in a release
script, its ``generate_keys`` export), a telemetry pipeline's Loki basic auth password (Cribl Stream's
``outputs.yml``, its REST API), an SMTP password inside a notification URL (Apprise's ``apprise.yml``, its command
line) and a container updater's API token (Watchtower's Compose file, a git ``post-receive`` hook's ``curl`` to its
update endpoint). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, b64, s


def komodo_compose_env_passkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/komodo/compose.env\nCOMPOSE_KOMODO_IMAGE_TAG=latest\nKOMODO_HOST=https://deploy.acme.example\n"
        "KOMODO_TITLE=Acme Deploy\n"
        f"KOMODO_PASSKEY={value}\n"
        "KOMODO_DISABLE_USER_REGISTRATION=true\n"
    ), value


def komodo_periphery_config_toml_passkeys(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/komodo/periphery.config.toml\nport = 8120\nroot_directory = "/etc/komodo"\n'
        f'passkeys = ["{value}"]\n'
        'allowed_ips = ["10.20.0.5"]\nssl_enabled = true\n'
    ), value


def coolify_install_env_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@paas01:~# curl -fsSL https://cdn.coollabs.io/coolify/install.sh | env ROOT_USERNAME=ops \\\n"
        f"    ROOT_USER_EMAIL=ops@acme.example ROOT_USER_PASSWORD={value} bash\n"
        "Welcome to Coolify Installer!\n1. Installing required packages (curl, wget, git, jq, openssl).\n"
        "Congratulations! Your Coolify instance is ready to use.\n"
    ), value


def coolify_source_env_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@paas01:~# cat /data/coolify/source/.env\nAPP_ID=" + s(rng, 32, HEX) + "\n"
        f"APP_KEY=base64:{b64(rng.randbytes(32))}\nDB_USERNAME=coolify\nROOT_USERNAME=ops\n"
        "ROOT_USER_EMAIL=ops@acme.example\n"
        f"ROOT_USER_PASSWORD={value}\n"
    ), value


def appwrite_env_openssl_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# appwrite/.env\n_APP_ENV=production\n_APP_DOMAIN=backend.acme.example\n"
        f"_APP_OPENSSL_KEY_V1={value}\n"
        "_APP_DB_HOST=mariadb\n_APP_DB_USER=appwrite\n"
    ), value


def appwrite_compose_openssl_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (excerpt)\n  appwrite:\n    image: appwrite/appwrite:1.6.0\n    environment:\n"
        "      - _APP_ENV=production\n"
        f"      - _APP_OPENSSL_KEY_V1={value}\n"
        "      - _APP_DOMAIN=backend.acme.example\n"
    ), value


def pocketbase_superuser_upsert_cli(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"pb@app01:/srv/pb$ ./pocketbase superuser upsert ops@acme.example {value}\n"
        'Successfully saved superuser "ops@acme.example"!\n'
        "pb@app01:/srv/pb$ sudo systemctl restart pocketbase\n"
    ), value


def pocketbase_container_entrypoint(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# docker/entrypoint.sh (PocketBase)\nset -e\n"
        f"/pb/pocketbase superuser upsert ops@acme.example '{value}' --dir=/pb/pb_data\n"
        "exec /pb/pocketbase serve --http=0.0.0.0:8090 --dir=/pb/pb_data\n"
    ), value


def kavita_appsettings_json_token_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat /kavita/config/appsettings.json\n{\n  "TokenKey": "' + value + '",\n  "Port": 5000,\n'
        '  "IpAddresses": "0.0.0.0,::",\n  "BaseUrl": "/comics/",\n  "Cache": 75\n}\n'
    ), value


def kavita_k8s_configmap_appsettings(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/kavita/configmap.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kavita-appsettings\n"
        "data:\n  appsettings.json: |\n    {\n"
        f'      "TokenKey": "{value}",\n'
        '      "Port": 5000,\n      "BaseUrl": "/comics/"\n    }\n'
    ), value


def microk8s_add_node_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ubuntu@k8s-a:~$ sudo microk8s add-node\nFrom the node you wish to join to this cluster, run the following:\n"
        f"microk8s join 10.40.0.11:25000/{value}/{s(rng, 12, HEX)}\n\n"
        "Use the '--worker' flag to join a node as a worker not running the control plane, eg:\n"
        f"microk8s join 10.40.0.11:25000/{value}/{s(rng, 12, HEX)} --worker\n"
    ), value


def microk8s_join_cloud_init(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#cloud-config\n# k8s-worker-03 user-data\npackage_update: true\nsnap:\n  commands:\n"
        "    - snap install microk8s --classic --channel=1.31/stable\nruncmd:\n"
        "  - microk8s status --wait-ready\n"
        f"  - microk8s join 10.40.0.11:25000/{value}/{s(rng, 12, HEX)} --worker\n"
    ), value


def pomerium_config_yaml_certificate_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/pomerium/config.yaml\nauthenticate_service_url: https://authenticate.acme.example\n"
        f"certificate: {b64(rng.randbytes(60))}\n"
        f"certificate_key: {value}\n"
        "routes:\n  - from: https://grafana.acme.example\n    to: http://grafana:3000\n"
    ), value


def pomerium_k8s_secret_certificate_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/pomerium/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: pomerium-certs\n"
        "  namespace: pomerium\ntype: Opaque\ndata:\n"
        f"  certificate_key: {value}\n"
    ), value


def sparkle_sign_update_release_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/zsh\n# scripts/release.sh (excerpt): sign the update for the appcast\n"
        f"SPARKLE_PRIVATE_KEY='{value}'\n"
        'sig=$(echo "$SPARKLE_PRIVATE_KEY" | ./bin/sign_update --ed-key-file - "build/Acme-$VERSION.zip")\n'
        'echo "<enclosure url=\\"https://dl.acme.example/Acme-$VERSION.zip\\" $sig />" >> appcast-items.xml\n'
    ), value


def sparkle_generate_keys_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ./bin/generate_keys -x sparkle_private_key.txt\n"
        "Private key saved to the file sparkle_private_key.txt\n$ cat sparkle_private_key.txt\n"
        f"{value}\n"
        f"$ ./bin/generate_keys -p\n{b64(rng.randbytes(32))}\n"
    ), value


def cribl_outputs_yml_loki_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# $CRIBL_HOME/groups/default/local/cribl/outputs.yml (Cribl Stream)\noutputs:\n  loki_central:\n"
        "    type: loki\n    url: https://logs.acme.example/loki/api/v1/push\n    authType: basic\n"
        f"    username: '{rng.randint(100000, 999999)}'\n"
        f"    password: {value}\n"
        "    compress: true\n"
    ), value


def cribl_api_patch_output_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -X PATCH https://cribl.acme.internal:9000/api/v1/m/default/system/outputs/loki_central \\\n"
        '    -H "Authorization: Bearer $CRIBL_TOKEN" -H "Content-Type: application/json" \\\n'
        '    -d \'{"id":"loki_central","type":"loki","authType":"basic","username":"k8s-prod",\n'
        f'         "password":"{value}"}}\'\n'
        '{"count":1,"items":[{"id":"loki_central","type":"loki","status":"updated"}]}\n'
    ), value


def apprise_yml_mailtos_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/apprise/apprise.yml\nversion: 1\nurls:\n"
        f"  - mailtos://alerts:{value}@smtp.acme.example:465?to=oncall@acme.example:\n"
        "      - tag: ops\n"
        f"  - ntfys://push.acme.example/backups-{s(rng, 6, DIGITS)}:\n      - tag: backups\n"
    ), value


def apprise_cli_mailtos_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ apprise -vv -t "Backup failed" -b "restic exited 3 on nas01" \\\n'
        f"    'mailtos://alerts:{value}@smtp.acme.example:465?to=oncall@acme.example'\n"
        '2026-11-29 07:02:11,421 - INFO - Sent Email notification to "oncall@acme.example".\n'
    ), value


def watchtower_compose_http_api_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml\nservices:\n  watchtower:\n    image: containrrr/watchtower:1.7.1\n"
        "    command: --http-api-update --http-api-metrics\n    environment:\n"
        f"      WATCHTOWER_HTTP_API_TOKEN: {value}\n"
        "    volumes: ['/var/run/docker.sock:/var/run/docker.sock']\n    ports: ['8080:8080']\n"
    ), value


def watchtower_post_receive_hook_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /srv/git/shop.git/hooks/post-receive: images are pushed by CI, ask Watchtower to pull them\n"
        'while read -r old new ref; do\n  [ "$ref" = refs/heads/main ] || continue\n'
        f'  curl -fsS -H "Authorization: Bearer {value}" http://app01.acme.internal:8080/v1/update\n'
        f'done\nlogger -t post-receive "watchtower update asked ({s(rng, 7, HEX)})"\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        komodo_compose_env_passkey,
        komodo_periphery_config_toml_passkeys,
        coolify_install_env_root_password,
        coolify_source_env_root_password,
        appwrite_env_openssl_key,
        appwrite_compose_openssl_key,
        pocketbase_superuser_upsert_cli,
        pocketbase_container_entrypoint,
        kavita_appsettings_json_token_key,
        kavita_k8s_configmap_appsettings,
        microk8s_add_node_output,
        microk8s_join_cloud_init,
        pomerium_config_yaml_certificate_key,
        pomerium_k8s_secret_certificate_key,
        sparkle_sign_update_release_script,
        sparkle_generate_keys_export,
        cribl_outputs_yml_loki_password,
        cribl_api_patch_output_password,
        apprise_yml_mailtos_url,
        apprise_cli_mailtos_url,
        watchtower_compose_http_api_token,
        watchtower_post_receive_hook_bearer,
    )
}
