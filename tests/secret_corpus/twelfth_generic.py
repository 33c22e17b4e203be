"""Where the twelfth held-out part (twelfth.py) shows its generic secrets kept by people and hosts: what password
managers print and export (KeePassXC, LastPass, Bitwarden, pass, Chrome and Firefox), VPN peers (WireGuard preshared
keys, NetworkManager VPN secrets), the agents of GnuPG and OpenSSH, directory clients and domain joins (nslcd, debconf,
Samba's ``net ads``, adcli), mail servers' database logins and Roundcube's DES key, message brokers (ActiveMQ Artemis,
NATS), CouchDB, a MongoDB export, and proxies (Cntlm, Squid). Each takes ``(rng, name, value)`` and gives
``(text, secret)``; whitespace-separated directives, tables and JSON are written as the tools write them."""

from __future__ import annotations

import hashlib
import json
import random

from .fifth_places import Place
from .makers import HEX, b64, s, uuid4


def keepassxc_cli_show_protected(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ keepassxc-cli show -s ~/vault/team.kdbx Infra/postgres-prod\n"
        "Enter password to unlock /home/ana/vault/team.kdbx:\n"
        f"Title: postgres-prod\nUserName: pg_admin\nPassword: {value}\nURL: postgres://db1.acme.internal:5432\n"
        "Notes: rotated by ops in March\nUuid: {" + uuid4(rng) + "}\nTags: prod,db\n"
    ), value


def lastpass_lpass_show_all(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ lpass show --all 'Shared-Ops/grafana admin'\n"
        f"Shared-Ops/grafana admin [id: {rng.randint(10**18, 10**19)}]\nUsername: admin\n"
        f"Password: {value}\nURL: https://grafana.acme.dev\nLast Modified: 2026-04-02 10:11\n"
    ), value


def bitwarden_bw_get_item_json(rng: random.Random, var: str, value: str) -> Place:
    item = {
        "object": "item", "id": uuid4(rng), "organizationId": None, "folderId": None, "type": 1,
        "name": "jenkins.acme.dev", "notes": None, "favorite": False,
        "login": {"uris": [{"match": None, "uri": "https://jenkins.acme.dev/login"}], "username": "release-bot",
                  "password": value, "totp": None, "passwordRevisionDate": None},
        "revisionDate": "2026-04-11T09:21:07.120Z",
    }  # fmt: skip
    return f'$ bw get item jenkins.acme.dev --session "$BW_SESSION" | jq .\n{json.dumps(item, indent=2)}\n', value


def pass_show_with_fields(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ pass show work/vpn/fra1\n{value}\nlogin: ana.kovacs\nurl: https://vpn-fra1.acme.dev\n"
        "comment: second factor is the YubiKey\n"
    ), value


def chrome_passwords_csv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "name,url,username,password,note\n"
        f"gitlab.acme.dev,https://gitlab.acme.dev/users/sign_in,ana.kovacs,{value},\n"
        "news.ycombinator.com,https://news.ycombinator.com/login,akovacs,,\n"
    ), value


def firefox_logins_csv(rng: random.Random, var: str, value: str) -> Place:
    return (
        '"url","username","password","httpRealm","formActionOrigin","guid","timeCreated","timeLastUsed",'
        '"timePasswordChanged"\n'
        f'"https://portal.acme.dev","ana@acme.dev","{value}",,"https://portal.acme.dev",'
        f'"{{{uuid4(rng)}}}","1712131200000","1714550400000","1712131200000"\n'
    ), value


def wg_show_preshared_keys_table(rng: random.Random, var: str, value: str) -> Place:
    peer = b64(rng.randbytes(32))
    other = b64(rng.randbytes(32))
    return f"# wg show wg0 preshared-keys\n{peer}\t{value}\n{other}\t(none)\n", value


def networkmanager_wireguard_nmconnection(rng: random.Random, var: str, value: str) -> Place:
    peer = b64(rng.randbytes(32))
    return (
        "# /etc/NetworkManager/system-connections/wg-office.nmconnection\n[connection]\nid=wg-office\n"
        f"type=wireguard\ninterface-name=wg-office\n\n[wireguard]\nprivate-key-flags=1\n\n[wireguard-peer.{peer}]\n"
        f"endpoint=vpn.acme.dev:51820\npreshared-key={value}\npreshared-key-flags=0\nallowed-ips=10.20.0.0/16;\n"
    ), value


def nmcli_show_secrets_vpn_table(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ nmcli --show-secrets connection show office-vpn | grep -E '^vpn\\.'\n"
        "vpn.service-type:                       org.freedesktop.NetworkManager.openconnect\n"
        "vpn.user-name:                          ana.kovacs\n"
        "vpn.data:                               gateway = vpn.acme.dev, protocol = anyconnect\n"
        f"vpn.secrets:                            password = {value}\n"
        "vpn.persistent:                         no\n"
    ), value


def nm_keyfile_vpn_secrets(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/NetworkManager/system-connections/branch-l2tp.nmconnection\n[connection]\nid=branch-l2tp\n"
        f"uuid={uuid4(rng)}\ntype=vpn\n\n[vpn]\ngateway=203.0.113.40\nuser=branch01\n"
        "service-type=org.freedesktop.NetworkManager.l2tp\npassword-flags=0\n\n"
        f"[vpn-secrets]\npassword={value}\n\n[ipv4]\nmethod=auto\n"
    ), value


def gpg_preset_passphrase_cmd(rng: random.Random, var: str, value: str) -> Place:
    grip = s(rng, 40, "0123456789ABCDEF")
    return (
        "+ gpgconf --launch gpg-agent\n"
        f"+ /usr/lib/gnupg/gpg-preset-passphrase --preset -P '{value}' {grip}\n"
        "+ gpg --batch --pinentry-mode loopback --detach-sign dist/acme-2.4.0.tar.gz\n"
    ), value


def gpg_connect_agent_preset_hex(rng: random.Random, var: str, value: str) -> Place:
    grip = s(rng, 40, "0123456789ABCDEF")
    hexed = value.encode().hex().upper()
    return (
        f"$ gpg-connect-agent 'PRESET_PASSPHRASE {grip} -1 {hexed}' /bye\nOK\n"
        "$ gpg --batch --sign --local-user release@acme.dev CHANGELOG.md\n"
    ), hexed


def ssh_keygen_p_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "  812  ssh-keygen -l -f ~/.ssh/id_ed25519\n"
        f"  813  ssh-keygen -p -f ~/.ssh/id_ed25519 -P '' -N '{value}'\n  814  ssh-add -l\n"
    ), value


def ssh_askpass_echo_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ci/askpass.sh\n#!/bin/sh\n# handed to ssh-add through SSH_ASKPASS in the deploy job\n"
        f"echo '{value}'\n$ SSH_ASKPASS=ci/askpass.sh SSH_ASKPASS_REQUIRE=force ssh-add deploy_ed25519 </dev/null\n"
        "Identity added: deploy_ed25519 (deploy@ci)\n"
    ), value


def nslcd_conf_bindpw_directive(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/nslcd.conf\nuid nslcd\ngid nslcd\nuri ldaps://ldap1.acme.dev ldaps://ldap2.acme.dev\n"
        "base dc=acme,dc=dev\nbinddn cn=nslcd,ou=services,dc=acme,dc=dev\n"
        f"bindpw {value}\ntls_reqcert demand\ntls_cacertfile /etc/ssl/certs/ca-certificates.crt\n"
    ), value


def debconf_set_selections_bindpw(rng: random.Random, var: str, value: str) -> Place:
    return (
        "debconf-set-selections <<'EOF'\nnslcd nslcd/ldap-uris string ldaps://ldap1.acme.dev\n"
        "nslcd nslcd/ldap-base string dc=acme,dc=dev\nnslcd nslcd/ldap-auth-type select simple\n"
        "nslcd nslcd/ldap-binddn string cn=nslcd,ou=services,dc=acme,dc=dev\n"
        f"nslcd nslcd/ldap-bindpw password {value}\nEOF\nDEBIAN_FRONTEND=noninteractive apt-get install -y nslcd\n"
    ), value


def net_ads_join_user_percent(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# realm discover corp.acme.dev\n"
        f"# net ads join -U 'Administrator%{value}' createcomputer=Servers/Linux\n"
        "Using short domain name -- CORP\nJoined 'FILES01' to dns domain 'corp.acme.dev'\n"
    ), value


def adcli_join_stdin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "- name: join the domain\n  ansible.builtin.shell: |\n"
        f"    echo -n '{value}' | adcli join --domain=corp.acme.dev --login-user=svc-join --stdin-password\n"
        "  args:\n    creates: /etc/krb5.keytab\n"
    ), value


def courier_authmysqlrc_directive(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/courier/authmysqlrc\nMYSQL_SERVER            localhost\nMYSQL_USERNAME          courier\n"
        f"MYSQL_PASSWORD          {value}\nMYSQL_PORT              3306\nMYSQL_DATABASE          mail\n"
        "MYSQL_USER_TABLE        mailbox\n"
    ), value


def dovecot_sql_conf_ext_connect(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/dovecot/dovecot-sql.conf.ext\ndriver = pgsql\n"
        f"connect = host=127.0.0.1 dbname=mailserver user=dovecot password={value}\n"
        "default_pass_scheme = SHA512-CRYPT\npassword_query = SELECT email AS user, password FROM virtual_users "
        "WHERE email = '%u'\n"
    ), value


def roundcube_config_inc_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n$config = [];\n$config['db_dsnw'] = 'sqlite:////var/www/db/roundcube.db?mode=0646';\n"
        "$config['imap_host'] = 'ssl://imap.acme.dev:993';\n$config['smtp_host'] = 'tls://smtp.acme.dev:587';\n"
        f"$config['des_key'] = '{value}';\n$config['plugins'] = ['archive', 'zipdownload'];\n"
    ), value


def roundcube_compose_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  roundcube:\n    image: roundcube/roundcubemail:1.6.x-apache\n    environment:\n"
        "      ROUNDCUBEMAIL_DEFAULT_HOST: ssl://imap.acme.dev\n      ROUNDCUBEMAIL_DEFAULT_PORT: 993\n"
        f'      ROUNDCUBEMAIL_DES_KEY: "{value}"\n    ports:\n      - "9002:80"\n'
    ), value


def artemis_create_broker_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ./bin/artemis create /var/lib/artemis-instance --name broker01 --user admin "
        f"--password '{value}' --require-login --http-host 0.0.0.0\n"
        "Creating ActiveMQ Artemis instance at: /var/lib/artemis-instance\n"
    ), value


def artemis_broker_xml_cluster_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<configuration xmlns="urn:activemq">\n  <core xmlns="urn:activemq:core">\n    <name>broker01</name>\n'
        "    <cluster-user>cluster-admin</cluster-user>\n"
        f"    <cluster-password>{value}</cluster-password>\n"
        '    <connectors>\n      <connector name="artemis">tcp://10.0.4.11:61616</connector>\n'
        "    </connectors>\n  </core>\n</configuration>\n"
    ), value


def nats_server_conf_accounts_block(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/nats/nats-server.conf\nport: 4222\nmonitor_port: 8222\naccounts: {\n  ORDERS: {\n"
        f'    users: [\n      {{user: orders-svc, password: "{value}"}}\n    ]\n'
        "    jetstream: enabled\n  }\n}\n"
    ), value


def nats_cli_context_json(rng: random.Random, var: str, value: str) -> Place:
    ctx = {
        "description": "production cluster", "url": "nats://nats.acme.dev:4222", "token": "", "user": "orders-svc",
        "password": value, "creds": "", "nkey": "", "cert": "", "key": "", "ca": "", "nsc": "", "jetstream_domain": "",
    }  # fmt: skip
    return f"$ cat ~/.config/nats/context/prod.json\n{json.dumps(ctx, indent=2)}\n", value


def couchdb_local_ini_admins(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /opt/couchdb/etc/local.ini\n[couchdb]\nsingle_node=true\n\n[chttpd]\nbind_address = 0.0.0.0\n\n"
        f"[admins]\nadmin = {value}\n"
    ), value


def couchdb_config_api_curl_put(rng: random.Random, var: str, value: str) -> Place:
    return (f'curl -X PUT http://127.0.0.1:5984/_node/_local/_config/admins/replicator -d \'"{value}"\'\n""\n'), value


def mongoexport_jsonl_line(rng: random.Random, var: str, value: str) -> Place:
    oid = s(rng, 24, HEX)
    doc = {"_id": {"$oid": oid}, "provider": "mailgun", "domain": "mg.acme.dev", "apiSecret": value, "enabled": True}
    return (
        "$ mongoexport --uri mongodb://127.0.0.1/shop --collection integrations --out -\n"
        f"{json.dumps(doc, separators=(',', ':'))}\n2026-04-12T10:02:33.114+0000\texported 1 record\n"
    ), value


def mongosh_find_pretty_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "shop> db.integrations.find({ provider: 'twilio' })\n[\n  {\n"
        f"    _id: ObjectId('{s(rng, 24, HEX)}'),\n    provider: 'twilio',\n"
        f"    apiSecret: '{value}',\n    enabled: true\n  }}\n]\n"
    ), value


def cntlm_conf_password_directive(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/cntlm.conf\nUsername        akovacs\nDomain          CORP\n"
        f"Password        {value}\nProxy           10.1.0.8:8080\nNoProxy         localhost, 127.0.0.*, 10.*\n"
        "Listen          3128\n"
    ), value


def cntlm_hash_output_passntlmv2(rng: random.Random, var: str, value: str) -> Place:
    digest = hashlib.md5(value.encode()).hexdigest().upper()
    return (
        "$ cntlm -H -u akovacs -d CORP\nPassword: \n"
        f"PassLM          {hashlib.sha1(value.encode()).hexdigest().upper()[:32]}\n"
        f"PassNT          {hashlib.sha256(value.encode()).hexdigest().upper()[:32]}\n"
        f"PassNTLMv2      {digest}    # Only for user 'akovacs', domain 'CORP'\n"
    ), digest


def squid_conf_cache_peer_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/squid/squid.conf\nhttp_port 3128\n"
        f"cache_peer proxy.upstream.acme.dev parent 8080 0 no-query default login=branch07:{value}\n"
        "never_direct allow all\nacl localnet src 10.0.0.0/8\nhttp_access allow localnet\n"
    ), value


def squidclient_mgr_w_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ squidclient -h 127.0.0.1 -p 3128 -u cachemgr -w '{value}' mgr:info | head -3\n"
        "HTTP/1.1 200 OK\nServer: squid/6.6\nSquid Object Cache: Version 6.6\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        keepassxc_cli_show_protected, lastpass_lpass_show_all, bitwarden_bw_get_item_json, pass_show_with_fields,
        chrome_passwords_csv, firefox_logins_csv, wg_show_preshared_keys_table, networkmanager_wireguard_nmconnection,
        nmcli_show_secrets_vpn_table, nm_keyfile_vpn_secrets, gpg_preset_passphrase_cmd, gpg_connect_agent_preset_hex,
        ssh_keygen_p_history, ssh_askpass_echo_script, nslcd_conf_bindpw_directive, debconf_set_selections_bindpw,
        net_ads_join_user_percent, adcli_join_stdin_password, courier_authmysqlrc_directive,
        dovecot_sql_conf_ext_connect, roundcube_config_inc_php, roundcube_compose_environment,
        artemis_create_broker_cmd, artemis_broker_xml_cluster_password, nats_server_conf_accounts_block,
        nats_cli_context_json, couchdb_local_ini_admins, couchdb_config_api_curl_put, mongoexport_jsonl_line,
        mongosh_find_pretty_output, cntlm_conf_password_directive, cntlm_hash_output_passntlmv2,
        squid_conf_cache_peer_login, squidclient_mgr_w_flag,
    )
}  # fmt: skip
