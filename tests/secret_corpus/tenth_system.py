"""The tenth held-out part's places (tenth.py) in a host's or a service's config files and the command lines that
set them up: Ansible's vault password file, kubeconfig and ``kubectl config``, Argo CD, ``chpasswd``, etcd, ACME
external account binding (Traefik, certbot), OpenLDAP's ``rootpw``, Kerberos and FreeIPA installs, Galera's SST,
ZooKeeper digests, Grafana datasources, Nextcloud, Matrix Synapse and coturn. Each takes ``(rng, name, value)`` and
gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .fresh import Shown
from .makers import s


def vault_pass_file_cat(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ansible.cfg\n[defaults]\ninventory = inventory/prod\nvault_password_file = ~/.ansible/vault_pass\n"
        f"$ cat ~/.ansible/vault_pass\n{value}\n"
    ), value


def ansible_vault_pass_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"#!/bin/sh\n# scripts/vault-pass.sh - given to ansible-playbook --vault-password-file\necho '{value}'\n"
    ), value


def kubeconfig_user_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://10.0.0.10:6443\n"
        "    insecure-skip-tls-verify: true\n  name: legacy\ncontexts:\n- context:\n    cluster: legacy\n"
        "    user: admin\n  name: legacy\ncurrent-context: legacy\nusers:\n- name: admin\n  user:\n"
        f"    username: admin\n    password: {value}\n"
    ), value


def kubectl_config_set_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ kubectl config set-credentials legacy-admin --username=admin --password='{value}'\n"
        'User "legacy-admin" set.\n$ kubectl config set-context legacy --cluster=legacy --user=legacy-admin\n'
    ), value


def argocd_update_password_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ argocd account update-password --account admin --current-password {s(rng, 16)} "
        f"--new-password {value}\nPassword updated\nContext 'argocd.acme.dev' updated\n"
    ), value


def argocd_initial_admin_secret_get(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl -n argocd get secret argocd-initial-admin-secret \\\n"
        '    -o jsonpath="{.data.password}" | base64 -d; echo\n'
        f"{value}\n"
    ), value


def bash_history_chpasswd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tail -4 /root/.bash_history\nuseradd -m -s /bin/bash deploy\n"
        f"echo 'deploy:{value}' | chpasswd\nusermod -aG docker deploy\nexit\n"
    ), value


def dockerfile_run_chpasswd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "FROM ubuntu:24.04\nRUN apt-get update && apt-get install -y openssh-server sudo\n"
        f'RUN useradd -m -s /bin/bash ci && echo "ci:{value}" | chpasswd && adduser ci sudo\n'
        'EXPOSE 22\nCMD ["/usr/sbin/sshd", "-D"]\n'
    ), value


def etcdctl_user_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ETCDCTL_API=3 etcdctl --endpoints=https://10.0.0.11:2379 --user root:{value} "
        "--cacert /etc/etcd/ca.pem get /registry/ --prefix --keys-only | head -3\n/registry/apiregistration.k8s.io\n"
    ), value


def bitnami_etcd_values_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-etcd.yaml (bitnami/etcd)\nreplicaCount: 3\nauth:\n  rbac:\n    create: true\n"
        f"    rootPassword: {value}\n  client:\n    secureTransport: false\n"
    ), value


def traefik_acme_eab_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# traefik.toml\n[certificatesResolvers.zerossl.acme]\n  email = "ops@acme.dev"\n'
        '  caServer = "https://acme.zerossl.com/v2/DV90"\n  storage = "/data/acme.json"\n'
        f'  [certificatesResolvers.zerossl.acme.eab]\n    kid = "{s(rng, 22)}"\n    hmacEncoded = "{value}"\n'
    ), value


def certbot_eab_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ certbot register --server https://acme.zerossl.com/v2/DV90 --email ops@acme.dev --agree-tos "
        f"--eab-kid {s(rng, 22)} --eab-hmac-key {value}\n"
        "Account registered.\n"
    ), value


def slapd_conf_rootpw(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/openldap/slapd.conf\ndatabase  mdb\nsuffix    "dc=acme,dc=dev"\n'
        f'rootdn    "cn=Manager,dc=acme,dc=dev"\nrootpw    {value}\ndirectory /var/lib/openldap/openldap-data\n'
    ), value


def olc_ldif_rootpw(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat set-rootpw.ldif\ndn: olcDatabase={1}mdb,cn=config\nchangetype: modify\nreplace: olcRootPW\n"
        f"olcRootPW: {value}\n$ ldapmodify -Y EXTERNAL -H ldapi:/// -f set-rootpw.ldif\n"
        'modifying entry "olcDatabase={1}mdb,cn=config"\n'
    ), value


def kadmin_w_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ kadmin -p admin/admin@ACME.DEV -w '{value}' -q 'addprinc -randkey HTTP/web-03.acme.dev'\n"
        'Authenticating as principal admin/admin@ACME.DEV with password.\nPrincipal "HTTP/web-03.acme.dev@ACME.DEV" '
        "created.\n"
    ), value


def kdb5_util_create_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# provision-kdc.sh\nkdb5_util create -s -r ACME.DEV -P '{value}'\nsystemctl enable --now krb5kdc kadmin\n"
    ), value


def ipa_server_install_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ipa-server-install --unattended --realm ACME.DEV --domain acme.dev "
        f"--ds-password '{s(rng, 18)}' --admin-password '{value}' --setup-dns --auto-forwarders\n"
        "The log file for this installation can be found in /var/log/ipaserver-install.log\n"
    ), value


def ipa_client_install_principal(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ipa-client-install --domain=acme.dev --server=ipa.acme.dev --principal=admin "
        f"--password='{value}' --mkhomedir --unattended\nClient configuration complete.\n"
    ), value


def galera_cnf_wsrep_sst_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/mysql/conf.d/galera.cnf\n[mysqld]\nbinlog_format=ROW\nwsrep_on=ON\n"
        'wsrep_cluster_address="gcomm://10.0.1.11,10.0.1.12,10.0.1.13"\nwsrep_sst_method=mariabackup\n'
        f'wsrep_sst_auth="sstuser:{value}"\n'
    ), value


def ps_mysqld_wsrep_sst_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ps -o pid,args -C mysqld\n    PID COMMAND\n"
        f"   {rng.randint(1000, 9999)} /usr/sbin/mysqld --wsrep-new-cluster --wsrep_sst_auth=sstuser:{value} "
        "--wsrep_cluster_name=shop\n"
    ), value


def zkcli_addauth_digest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ bin/zkCli.sh -server zk-1:2181\n[zk: zk-1:2181(CONNECTED) 0] "
        f"addauth digest kafka:{value}\n[zk: zk-1:2181(CONNECTED) 1] getAcl /brokers\n"
    ), value


def curator_java_authorization(rng: random.Random, var: str, value: str) -> Place:
    return (
        "CuratorFramework client = CuratorFrameworkFactory.builder()\n"
        '        .connectString("zk-1:2181,zk-2:2181,zk-3:2181")\n'
        f'        .authorization("digest", "scheduler:{value}".getBytes(StandardCharsets.UTF_8))\n'
        "        .retryPolicy(new ExponentialBackoffRetry(1000, 3))\n        .build();\n"
    ), value


def grafana_provisioning_datasource_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# provisioning/datasources/postgres.yaml\napiVersion: 1\ndatasources:\n  - name: Orders DB\n"
        "    type: postgres\n    url: db.internal:5432\n    user: grafana_ro\n    jsonData:\n"
        f"      database: orders\n      sslmode: require\n    secureJsonData:\n      password: '{value}'\n"
    ), value


def grafana_api_datasource_post(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "name": "Loki", "type": "loki", "url": "https://loki.acme.dev", "access": "proxy", "basicAuth": True,
        "basicAuthUser": "grafana", "secureJsonData": {"basicAuthPassword": value},
    }  # fmt: skip
    return (
        "curl -s -X POST https://grafana.acme.dev/api/datasources -H 'Content-Type: application/json' \\\n"
        f"  -H 'Authorization: Bearer $GRAFANA_SA' -d '{json.dumps(doc)}'\n"
    ), value


def nextcloud_config_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n$CONFIG = array (\n  'instanceid' => 'oc" + s(rng, 10).lower() + "',\n"
        f"  'passwordsalt' => '{s(rng, 30)}',\n  'secret' => '{value}',\n"
        "  'trusted_domains' => array (0 => 'cloud.acme.dev'),\n  'dbtype' => 'pgsql',\n);\n"
    ), value


def occ_config_system_get_secret(rng: random.Random, var: str, value: str) -> Place:
    return f"$ sudo -u www-data php occ config:system:get secret\n{value}\n", value


def synapse_homeserver_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# homeserver.yaml\nserver_name: "acme.dev"\npid_file: /data/homeserver.pid\nenable_registration: false\n'
        f'registration_shared_secret: "{value}"\nreport_stats: false\n'
    ), value


def register_new_matrix_user_k(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ register_new_matrix_user -u ops-bot -p '{s(rng, 18)}' --no-admin -k '{value}' http://localhost:8008\n"
        "Sending registration request...\nSuccess!\n"
    ), value


def turnserver_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/turnserver.conf\nlistening-port=3478\nfingerprint\nuse-auth-secret\n"
        f"static-auth-secret={value}\nrealm=turn.acme.dev\nno-tcp-relay\n"
    ), value


def synapse_turn_shared_secret_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# homeserver.yaml (VoIP)\n"
        'turn_uris: ["turn:turn.acme.dev?transport=udp", "turn:turn.acme.dev?transport=tcp"]\n'
        f'turn_shared_secret: "{value}"\nturn_user_lifetime: 86400000\nturn_allow_guests: false\n'
    ), value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        vault_pass_file_cat, ansible_vault_pass_script, kubeconfig_user_password, kubectl_config_set_credentials,
        argocd_update_password_cmd, argocd_initial_admin_secret_get, bash_history_chpasswd, dockerfile_run_chpasswd,
        etcdctl_user_flag, bitnami_etcd_values_root_password, traefik_acme_eab_toml, certbot_eab_flags,
        slapd_conf_rootpw, olc_ldif_rootpw, kadmin_w_flag, kdb5_util_create_flags, ipa_server_install_flags,
        ipa_client_install_principal, galera_cnf_wsrep_sst_auth, ps_mysqld_wsrep_sst_auth, zkcli_addauth_digest,
        curator_java_authorization, grafana_provisioning_datasource_yaml, grafana_api_datasource_post,
        nextcloud_config_php, occ_config_system_get_secret, synapse_homeserver_yaml, register_new_matrix_user_k,
        turnserver_conf, synapse_turn_shared_secret_yaml,
    )
}  # fmt: skip
