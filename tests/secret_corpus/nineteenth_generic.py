"""Where the nineteenth held-out part (nineteenth.py) shows generic secrets that scientific and HPC tools, ERP and
CRM systems, mail servers and clients and backup tools keep: Galaxy's id secret (``galaxy.yml``, the Ansible role's
group variables), OMERO's database password (``omero config set``, a Compose file's ``CONFIG_`` variables), a
Nextflow secret (``nextflow secrets set``, its store), ClearML's secret key (``clearml.conf``, an agent's unit),
HTCondor's pool password (``condor_store_cred``, Ansible variables), an iRODS user's password (``iinit``, the Python
client), Odoo's master password (``odoo.conf``, the database manager called with curl), a Frappe site's database
password (``site_config.json``, ``bench set-config``), Dolibarr's database password (``conf.php``,
``install.forced.php``), an SAP RFC password (``sapnwrfc.ini``, PyRFC), Stalwart's fallback admin secret (its
``config.toml``, its CLI), an OpenSMTPD relay's secrets table (the file, a provisioning script), a groupware
server's directory password (SOGo, Zimbra's local configuration), a mail fetcher's password (getmail, fdm), a
duplicity passphrase (a cron script, backupninja) and a Veeam password (two PowerShell cmdlets). Each takes ``(rng,
name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def galaxy_yml_id_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/galaxy/config/galaxy.yml\ngravity:\n  galaxy_root: /srv/galaxy/server\n  gunicorn:\n"
        "    bind: unix:/srv/galaxy/var/gunicorn.sock\n    workers: 4\ngalaxy:\n"
        "  database_connection: postgresql:///galaxy?host=/var/run/postgresql\n"
        "  file_path: /data/galaxy/datasets\n"
        f"  id_secret: {value}\n"
        "  admin_users: admin@lab.example.org\n  allow_user_creation: false\n"
    ), value


def galaxy_ansible_group_vars_id_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# group_vars/galaxyservers.yml (galaxyproject.galaxy role)\ngalaxy_create_user: true\n"
        "galaxy_separate_privileges: true\ngalaxy_commit_id: release_24.1\ngalaxy_config:\n  galaxy:\n"
        '    brand: "Genomics Core"\n'
        f'    id_secret: "{value}"\n'
        "    object_store_store_by: uuid\n    check_migrate_tools: false\n"
    ), value


def omero_config_set_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "omero-server@imaging01:~$ omero config set omero.db.host pg-imaging.internal\n"
        "omero-server@imaging01:~$ omero config set omero.db.user omero\n"
        f"omero-server@imaging01:~$ omero config set omero.db.pass '{value}'\n"
        "omero-server@imaging01:~$ omero config set omero.data.dir /OMERO\n"
        "omero-server@imaging01:~$ omero admin start\nCreating /opt/omero/server/OMERO.server/var/master\n"
        "Starting OMERO.server...\n"
    ), value


def omero_compose_config_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (openmicroscopy/omero-server)\nservices:\n  omeroserver:\n"
        "    image: openmicroscopy/omero-server:5\n    environment:\n"
        "      CONFIG_omero_db_host: database\n      CONFIG_omero_db_user: omero\n"
        f"      CONFIG_omero_db_pass: {value}\n"
        '      CONFIG_omero_db_name: omero\n      ROOTPASS: omero\n    ports:\n      - "4063:4063"\n'
    ), value


def nextflow_secrets_set_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[bio@hpc-login2 rnaseq]$ nextflow secrets set LIMS_DB_PASSWORD '{value}'\n"
        "[bio@hpc-login2 rnaseq]$ nextflow secrets list\nLIMS_DB_PASSWORD\n"
        "[bio@hpc-login2 rnaseq]$ nextflow run nf-core/rnaseq -r 3.14.0 -profile singularity,slurm "
        "--input samplesheet.csv --outdir results\n"
    ), value


def nextflow_secrets_store_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[bio@hpc-login2 ~]$ cat ~/.nextflow/secrets/store.json\n[\n  {\n"
        '    "name": "LIMS_DB_USER",\n    "value": "pipeline"\n  },\n  {\n'
        f'    "name": "LIMS_DB_PASSWORD",\n    "value": "{value}"\n  }}\n]\n'
    ), value


def clearml_conf_api_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/clearml.conf\napi {\n    web_server: https://app.ml.acme.internal\n"
        "    api_server: https://api.ml.acme.internal\n    files_server: https://files.ml.acme.internal\n"
        "    credentials {\n"
        f'        "access_key" = "{s(rng, 20, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}"\n'
        f'        "secret_key" = "{value}"\n'
        '    }\n}\nsdk {\n    development {\n        default_output_uri: "s3://ml-artifacts/"\n    }\n}\n'
    ), value


def clearml_agent_systemd_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/clearml-agent@.service\n[Unit]\nDescription=ClearML agent on GPU %i\n\n"
        "[Service]\nUser=mlagent\nEnvironment=CLEARML_API_HOST=https://api.ml.acme.internal\n"
        f"Environment=CLEARML_API_ACCESS_KEY={s(rng, 20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}\n"
        f"Environment=CLEARML_API_SECRET_KEY={value}\n"
        "ExecStart=/opt/clearml/bin/clearml-agent daemon --queue gpu --gpus %i --docker\nRestart=on-failure\n"
    ), value


def condor_store_cred_add_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[root@cm01 ~]# condor_store_cred add -c -p '{value}'\n"
        'Operation succeeded.\n[root@cm01 ~]# condor_reconfig\nSent "Reconfig" command to local master\n'
        "[root@cm01 ~]# condor_status -total\n               Total Owner Claimed Unclaimed Matched Preempting\n"
        "  X86_64/LINUX   256     0     198        58       0          0\n"
    ), value


def htcondor_ansible_pool_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# inventories/htc/group_vars/all.yml\nhtcondor_version: "23.0"\n'
        "htcondor_central_manager: cm01.htc.lab.example.org\nhtcondor_security: password\n"
        f"htcondor_pool_password: {value}\n"
        'htcondor_allow_write: "*.htc.lab.example.org"\n'
    ), value


def iinit_password_arg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[lee@dtn01 ~]$ cat ~/.irods/irods_environment.json\n{\n"
        '    "irods_host": "irods.lab.example.org",\n    "irods_port": 1247,\n'
        '    "irods_user_name": "lee",\n    "irods_zone_name": "labZone"\n}\n'
        f"[lee@dtn01 ~]$ iinit '{value}'\n"
        "[lee@dtn01 ~]$ ils\n/labZone/home/lee:\n  C- /labZone/home/lee/cryoem\n"
    ), value


def python_irodsclient_session(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# scripts/push_run.py\nfrom irods.session import iRODSSession\n\n"
        "with iRODSSession(host='irods.lab.example.org', port=1247, user='seqbot',\n"
        f"                  password='{value}', zone='labZone') as session:\n"
        "    session.data_objects.put('run_0412.tar', '/labZone/home/seqbot/runs/run_0412.tar')\n"
    ), value


def odoo_conf_admin_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/odoo/odoo.conf\n[options]\n"
        f"admin_passwd = {value}\n"
        "db_host = False\ndb_port = False\ndb_user = odoo\ndb_password = False\n"
        "addons_path = /usr/lib/python3/dist-packages/odoo/addons,/mnt/extra-addons\nproxy_mode = True\n"
        "workers = 4\n"
    ), value


def odoo_database_manager_backup_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /usr/local/bin/odoo-nightly-backup\nset -eu\n"
        "curl -sf -X POST \\\n"
        f"  -F 'master_pwd={value}' \\\n"
        "  -F 'name=acme_prod' -F 'backup_format=zip' \\\n"
        '  -o "/backup/odoo/acme_prod_$(date +%F).zip" \\\n  https://erp.acme.example/web/database/backup\n'
    ), value


def frappe_site_config_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        "frappe@erp01:~/frappe-bench$ cat sites/erp.acme.example/site_config.json\n{\n"
        f' "db_name": "_{s(rng, 16, HEX)}",\n'
        f' "db_password": "{value}",\n'
        ' "db_type": "mariadb",\n "encryption_key": null,\n "host_name": "https://erp.acme.example"\n}\n'
    ), value


def bench_set_config_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"frappe@erp01:~/frappe-bench$ bench --site erp.acme.example set-config db_password '{value}'\n"
        "frappe@erp01:~/frappe-bench$ bench --site erp.acme.example migrate\nMigrating erp.acme.example\n"
        "Updating DocTypes for frappe        : [========================================] 100%\n"
    ), value


def dolibarr_conf_php_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// htdocs/conf/conf.php\n$dolibarr_main_url_root='https://crm.acme.example';\n"
        "$dolibarr_main_document_root='/var/www/dolibarr/htdocs';\n$dolibarr_main_data_root='/var/lib/dolibarr';\n"
        "$dolibarr_main_db_host='localhost';\n$dolibarr_main_db_port='3306';\n$dolibarr_main_db_name='dolibarr';\n"
        "$dolibarr_main_db_user='dolibarr';\n"
        f"$dolibarr_main_db_pass='{value}';\n"
        "$dolibarr_main_db_type='mysqli';\n"
    ), value


def dolibarr_install_forced_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// htdocs/install/install.forced.php (unattended install)\n$force_install_noedit = 2;\n"
        "$force_install_type = 'mysqli';\n$force_install_dbserver = 'mariadb';\n"
        "$force_install_database = 'dolibarr';\n$force_install_databaselogin = 'dolibarr';\n"
        f"$force_install_databasepass = '{value}';\n"
        "$force_install_createdatabase = false;\n$force_install_lockinstall = '444';\n"
    ), value


def sapnwrfc_ini_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/integration/sapnwrfc.ini\nDEST=PRD\nASHOST=sap-prd-ci.acme.internal\nSYSNR=00\nCLIENT=100\n"
        "USER=RFC_INTEGR\n"
        f"PASSWD={value}\n"
        "LANG=EN\nTRACE=0\n"
    ), value


def pyrfc_connection_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# jobs/material_sync.py\nfrom pyrfc import Connection\n\n"
        "conn = Connection(ashost='sap-qas-ci.acme.internal', sysnr='00', client='200',\n"
        f"                  user='RFC_INTEGR', passwd='{value}', lang='EN')\n"
        "result = conn.call('BAPI_MATERIAL_GETLIST', MAXROWS=50)\nprint(len(result['MATNRLIST']))\n"
    ), value


def stalwart_config_toml_fallback_admin(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /opt/stalwart-mail/etc/config.toml\n[server.listener.smtp]\nbind = "[::]:25"\nprotocol = "smtp"\n\n'
        '[storage]\ndata = "rocksdb"\nblob = "rocksdb"\n\n[authentication.fallback-admin]\n'
        'user = "admin"\n'
        f'secret = "{value}"\n'
    ), value


def stalwart_cli_credentials_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ stalwart-cli --url https://mail.acme.example \\\n"
        f"    --credentials 'admin:{value}' account list\n"
        " Name  | Email                | Quota \n-------+----------------------+-------\n"
        " dana  | dana@acme.example    | 5 GB  \n lee   | lee@acme.example     | 5 GB  \n"
    ), value


def opensmtpd_secrets_table_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# cat /etc/mail/secrets\n"
        f"relay  smtp-relay@acme.example:{value}\n"
        "# grep -n secrets /etc/mail/smtpd.conf\n6:table secrets file:/etc/mail/secrets\n"
        '14:action "outbound" relay host smtp+tls://relay@smtp.provider.example:587 auth <secrets>\n'
    ), value


def opensmtpd_provision_script_echo_secrets(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# provision/mail.sh (run once on the OpenBSD mail host)\nset -e\n"
        f"echo 'relay smtp-relay@acme.example:{value}' > /etc/mail/secrets\n"
        "chmod 640 /etc/mail/secrets && chown root:_smtpd /etc/mail/secrets\n"
        "rcctl restart smtpd\n"
    ), value


def sogo_conf_bind_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '/* /etc/sogo/sogo.conf */\n{\n  SOGoProfileURL = "postgresql://sogo:sogo@localhost:5432/sogo/sogo_user_profile";\n'
        "  SOGoUserSources = (\n    {\n      type = ldap;\n      CNFieldName = cn;\n      UIDFieldName = uid;\n"
        '      baseDN = "ou=people,dc=acme,dc=example";\n'
        '      bindDN = "cn=sogo,ou=services,dc=acme,dc=example";\n'
        f'      bindPassword = "{value}";\n'
        '      hostname = "ldaps://ldap.acme.example";\n      id = directory;\n    }\n  );\n}\n'
    ), value


def zimbra_zmlocalconfig_ldap_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "zimbra@mail01:~$ zmlocalconfig -s | grep -E '^(ldap_root_password|ldap_url|zimbra_ldap_userdn)'\n"
        f"ldap_root_password = {value}\n"
        "ldap_url = ldap://mail01.acme.example:389\nzimbra_ldap_userdn = uid=zimbra,cn=admins,cn=zimbra\n"
    ), value


def getmailrc_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/getmail/getmailrc\n[retriever]\ntype = SimpleIMAPSSLRetriever\n"
        "server = imap.acme.example\nusername = dana@acme.example\n"
        f"password = {value}\n"
        'mailboxes = ("INBOX",)\n\n[destination]\ntype = Maildir\npath = ~/Mail/acme/\n\n'
        "[options]\nread_all = false\ndelete = false\n"
    ), value


def fdm_conf_account_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.fdm.conf\naction "inbox" maildir "%h/Mail/INBOX"\n'
        f'account "work" imaps server "imap.acme.example" user "lee@acme.example" pass "{value}"\n'
        'match all action "inbox"\n'
    ), value


def duplicity_cron_passphrase_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\n# /etc/cron.daily/backup-home\n"
        f"export PASSPHRASE='{value}'\n"
        "duplicity --full-if-older-than 1M --exclude /home/*/.cache /home "
        "sftp://backup@nas.lan//volume1/duplicity/home\n"
        "duplicity remove-older-than 6M --force sftp://backup@nas.lan//volume1/duplicity/home\nunset PASSPHRASE\n"
    ), value


def backupninja_dup_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/backup.d/90.dup\noptions = --s3-use-new-style\nnicelevel = 19\ntestconnect = yes\n\n[gpg]\n"
        "sign = no\n"
        f"password = {value}\n\n"
        "[source]\ninclude = /etc\ninclude = /var/www\nexclude = /var/www/*/cache\n\n[dest]\n"
        "incremental = yes\nkeep = 60\ndesturl = s3://s3.eu-central-1.amazonaws.com/acme-backups/web01\n"
    ), value


def veeam_add_vbrcredentials_ps(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\Scripts> Add-VBRCredentials -Type Windows -User 'ACME\\svc-veeam-guest' "
        f"-Password '{value}' -Description 'Guest processing, file servers'\n\n"
        f"Id          : {uuid4(rng)}\nName        : ACME\\svc-veeam-guest\n"
        "Description : Guest processing, file servers\n"
    ), value


def veeam_connect_vbrserver_ps(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# C:\\Scripts\\Report-FailedJobs.ps1\nImport-Module Veeam.Backup.PowerShell\n"
        f"Connect-VBRServer -Server vbr01.acme.local -User 'ACME\\svc-reports' -Password '{value}'\n"
        "Get-VBRJob | Where-Object { $_.GetLastResult() -eq 'Failed' } | Select-Object Name\n"
        "Disconnect-VBRServer\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        galaxy_yml_id_secret, galaxy_ansible_group_vars_id_secret, omero_config_set_db_pass,
        omero_compose_config_db_pass, nextflow_secrets_set_cmd, nextflow_secrets_store_json,
        clearml_conf_api_credentials, clearml_agent_systemd_env, condor_store_cred_add_cmd,
        htcondor_ansible_pool_password, iinit_password_arg, python_irodsclient_session, odoo_conf_admin_passwd,
        odoo_database_manager_backup_curl, frappe_site_config_json, bench_set_config_db_password,
        dolibarr_conf_php_db_pass, dolibarr_install_forced_php, sapnwrfc_ini_passwd, pyrfc_connection_passwd,
        stalwart_config_toml_fallback_admin, stalwart_cli_credentials_flag, opensmtpd_secrets_table_file,
        opensmtpd_provision_script_echo_secrets, sogo_conf_bind_password, zimbra_zmlocalconfig_ldap_root_password,
        getmailrc_password, fdm_conf_account_pass, duplicity_cron_passphrase_env, backupninja_dup_password,
        veeam_add_vbrcredentials_ps, veeam_connect_vbrserver_ps,
    )
}  # fmt: skip
