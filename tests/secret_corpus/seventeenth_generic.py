"""Where the seventeenth held-out part (seventeenth.py) shows generic secrets that CI systems, self-hosted services
and infrastructure tools keep: a Jenkins inbound agent's secret (``agent.jar -secret``, an inbound agent's compose
file), a Jenkins user's API token (``jenkins-cli.jar -auth``, python-jenkins), GoCD's agent auto-register key
(``autoregister.properties``, ``docker run``), a Buildbot worker's password (``buildbot.tac``, ``master.cfg``), a
Gitea or Forgejo runner's registration token (``act_runner register``, a compose file), Harbor's admin password
(``harbor.yml``, Helm values), an ntfy access token (``ntfy token add``, a publish with curl), Firefly III's static
cron token (``.env``, its cron URL), Graylog's ``password_secret`` (``server.conf``, compose), Vikunja's JWT secret
(``config.yml``, compose), aria2's RPC secret (``aria2.conf``, its JSON-RPC), a Gerrit HTTP password (its REST
answer, ``gerrit set-account``), a CephX key (``ceph auth get-or-create``, a CephFS mount), the ``hacluster``
password (``pcs host auth``, the ha_cluster role's variables), a vSphere password (``govc``, PowerCLI) and Tor's
control port password (stem, a raw control session). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s


def jenkins_agent_jar_jnlp_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "builder@mac-mini-03:~ $ curl -sO https://ci.acme.dev/jnlpJars/agent.jar\n"
        "builder@mac-mini-03:~ $ java -jar agent.jar -url https://ci.acme.dev/ \\\n"
        f"    -secret {value} \\\n    -name mac-mini-03 -webSocket -workDir /Users/builder/jenkins\n"
        "INFO: Using Remoting version: 3261.v9c670a_4748a_9\nINFO: Connected\n"
    ), value


def jenkins_inbound_agent_compose_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# agents/docker-compose.yml\nservices:\n  agent-linux-1:\n    image: jenkins/inbound-agent:latest-jdk21\n"
        "    environment:\n      JENKINS_URL: https://ci.acme.dev/\n      JENKINS_AGENT_NAME: linux-1\n"
        f"      JENKINS_SECRET: {value}\n      JENKINS_AGENT_WORKDIR: /home/jenkins/agent\n"
        "    restart: unless-stopped\n"
    ), value


def jenkins_cli_jar_auth_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ java -jar jenkins-cli.jar -s https://ci.acme.dev/ -webSocket \\\n"
        f"    -auth release-bot:{value} build shop/main -s -v\n"
        "Started shop » main #1842\nFinished: SUCCESS\nCompleted shop » main #1842 : SUCCESS\n"
    ), value


def python_jenkins_client_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tools/requeue_failed.py\nimport jenkins\n\n"
        f"server = jenkins.Jenkins('https://ci.acme.dev', username='release-bot', password='{value}')\n"
        "for job in server.get_jobs(folder_depth=2):\n"
        "    if job['color'] == 'red':\n        server.build_job(job['fullname'])\n"
    ), value


def gocd_autoregister_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat /var/lib/go-agent/config/autoregister.properties\n"
        f"agent.auto.register.key={value}\n"
        "agent.auto.register.resources=linux,docker,jdk21\nagent.auto.register.environments=staging\n"
        "agent.auto.register.hostname=gocd-agent-07\n"
    ), value


def gocd_agent_docker_run_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name gocd-agent-02 \\\n    -e GO_SERVER_URL=https://gocd.acme.internal:8154/go \\\n"
        f"    -e AGENT_AUTO_REGISTER_KEY={value} \\\n"
        "    -e AGENT_AUTO_REGISTER_RESOURCES=docker \\\n    gocd/gocd-agent-ubuntu-22.04:v24.4.0\n"
        + s(rng, 64, HEX)
        + "\n"
    ), value


def buildbot_tac_worker_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/bb-worker/buildbot.tac\nimport os\nfrom buildbot_worker.bot import Worker\n"
        "from twisted.application import service\n\nbasedir = '/srv/bb-worker'\n"
        "application = service.Application('buildbot-worker')\n\n"
        "buildmaster_host = 'bb.acme.internal'\nport = 9989\nworkername = 'arm64-01'\n"
        f"passwd = '{value}'\nkeepalive = 600\n\n"
        "s = Worker(buildmaster_host, port, workername, passwd, basedir, keepalive)\n"
        "s.setServiceParent(application)\n"
    ), value


def buildbot_master_cfg_worker_entry(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# master/master.cfg\nfrom buildbot.plugins import worker, util\n\nc = BuildmasterConfig = {}\n"
        "c['workers'] = [\n"
        f"    worker.Worker('arm64-01', '{value}', max_builds=2),\n"
        "]\nc['protocols'] = {'pb': {'port': 9989}}\n"
    ), value


def act_runner_register_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "runner@build-02:~$ ./act_runner register --no-interactive \\\n"
        "    --instance https://git.acme.dev \\\n"
        f"    --token {value} \\\n"
        "    --name build-02 --labels ubuntu-latest:docker://node:20-bookworm\n"
        "INFO Registering runner, arch=amd64, os=linux, version=v0.2.11.\n"
        "INFO Runner registered successfully.\n"
    ), value


def forgejo_runner_compose_env_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# runner/compose.yml\nservices:\n  runner:\n    image: gitea/act_runner:0.2.11\n    environment:\n"
        "      GITEA_INSTANCE_URL: https://code.acme.dev\n"
        f"      GITEA_RUNNER_REGISTRATION_TOKEN: {value}\n"
        "      GITEA_RUNNER_NAME: docker-runner-1\n    volumes:\n      - ./data:/data\n"
        "      - /var/run/docker.sock:/var/run/docker.sock\n"
    ), value


def harbor_yml_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# harbor/harbor.yml\nhostname: registry.acme.internal\nhttps:\n  port: 443\n"
        "  certificate: /etc/harbor/tls/registry.crt\n  private_key: /etc/harbor/tls/registry.key\n\n"
        f"harbor_admin_password: {value}\n\n"
        "database:\n  max_idle_conns: 100\n  max_open_conns: 900\ndata_volume: /data\n"
    ), value


def harbor_helm_values_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-harbor.yaml (helm upgrade --install harbor harbor/harbor -f values-harbor.yaml)\n"
        "expose:\n  type: ingress\n  ingress:\n    hosts:\n      core: registry.acme.dev\n"
        "externalURL: https://registry.acme.dev\n"
        f'harborAdminPassword: "{value}"\n'
        "persistence:\n  persistentVolumeClaim:\n    registry:\n      size: 200Gi\n"
    ), value


def ntfy_token_add_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@notify:~# ntfy token add --label=grafana alerts\n"
        f"token {value} created for user alerts, never expires\n"
        "root@notify:~# ntfy access alerts 'infra-*' write-only\n"
        "granted write-only access to topic infra-*\n"
    ), value


def ntfy_publish_curl_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /etc/zfs/zed.d/notify-ntfy.sh\n"
        '[ "$ZEVENT_SUBCLASS" = "statechange" ] || exit 0\n'
        f'curl -s -H "Authorization: Bearer {value}" -H "Title: zpool $ZEVENT_POOL" \\\n'
        '    -d "vdev $ZEVENT_VDEV_PATH is now $ZEVENT_VDEV_STATE_STR" https://ntfy.acme.dev/infra-storage\n'
    ), value


def firefly_env_static_cron_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# firefly/.env\nAPP_ENV=production\nSITE_OWNER=mira@acme.dev\nTZ=Europe/Amsterdam\n"
        "DB_CONNECTION=pgsql\nDB_HOST=db\nDB_PORT=5432\nDB_DATABASE=firefly\n"
        f"STATIC_CRON_TOKEN={value}\nAPP_URL=https://money.home.arpa\n"
    ), value


def firefly_cron_url_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# crontab -l (on the docker host)\n"
        f"0 3 * * * wget -qO- https://money.home.arpa/api/v1/cron/{value} >/dev/null\n"
        "30 3 * * * /usr/local/bin/backup-volumes.sh\n"
    ), value


def graylog_server_conf_password_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/graylog/server/server.conf\nis_leader = true\nnode_id_file = /etc/graylog/server/node-id\n"
        f"password_secret = {value}\n"
        "root_password_sha2 = " + s(rng, 64, HEX) + "\n"
        "http_bind_address = 0.0.0.0:9000\nelasticsearch_hosts = http://127.0.0.1:9200\n"
    ), value


def graylog_compose_env_password_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# graylog/docker-compose.yml\nservices:\n  graylog:\n    image: graylog/graylog:6.1\n    environment:\n"
        f'      GRAYLOG_PASSWORD_SECRET: "{value}"\n'
        '      GRAYLOG_ROOT_PASSWORD_SHA2: "' + s(rng, 64, HEX) + '"\n'
        '      GRAYLOG_HTTP_EXTERNAL_URI: "http://logs.acme.internal:9000/"\n'
        '      GRAYLOG_MONGODB_URI: "mongodb://mongodb:27017/graylog"\n'
    ), value


def vikunja_config_yml_jwtsecret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/vikunja/config.yml\nservice:\n"
        f'  JWTSecret: "{value}"\n'
        '  publicurl: "https://tasks.home.arpa/"\n  enableregistration: false\n'
        "database:\n  type: sqlite\n  path: /var/lib/vikunja/vikunja.db\n"
    ), value


def vikunja_compose_service_jwtsecret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# vikunja/compose.yaml\nservices:\n  vikunja:\n    image: vikunja/vikunja:0.24\n    environment:\n"
        "      VIKUNJA_SERVICE_PUBLICURL: https://tasks.acme.dev/\n"
        f"      VIKUNJA_SERVICE_JWTSECRET: {value}\n"
        "      VIKUNJA_DATABASE_TYPE: postgres\n      VIKUNJA_DATABASE_HOST: db\n    ports:\n      - 3456:3456\n"
    ), value


def aria2_conf_rpc_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/aria2/aria2.conf\ndir=/srv/downloads\ncontinue=true\nmax-concurrent-downloads=4\n"
        f"enable-rpc=true\nrpc-listen-all=false\nrpc-listen-port=6800\nrpc-secret={value}\n"
    ), value


def aria2_jsonrpc_curl_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ curl -s http://127.0.0.1:6800/jsonrpc -d \'{"jsonrpc":"2.0","id":"q","method":"aria2.addUri",'
        f'"params":["token:{value}",["https://releases.ubuntu.com/24.04/ubuntu-24.04.1-live-server-amd64.iso"]]}}\'\n'
        '{"id":"q","jsonrpc":"2.0","result":"' + s(rng, 16, HEX) + '"}\n'
    ), value


def gerrit_rest_http_password_xssi_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -X PUT --netrc -H 'Content-Type: application/json' -d '{\"generate\": true}' \\\n"
        "    https://review.acme.dev/a/accounts/self/password.http\n"
        ")]}'\n"
        f'"{value}"\n'
    ), value


def gerrit_set_account_ssh_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ssh -p 29418 admin@review.acme.dev gerrit set-account --http-password '{value}' ci-verifier\n"
        "$ ssh -p 29418 admin@review.acme.dev gerrit set-members 'Service Users' --add ci-verifier\n"
    ), value


def ceph_auth_get_or_create_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[ceph: root@mon-1 /]# ceph auth get-or-create client.backup mon 'allow r' "
        "osd 'allow rw pool=backups'\n"
        f"[client.backup]\n\tkey = {value}\n"
    ), value


def cephfs_mount_secret_option(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo mkdir -p /mnt/shared\n"
        "$ sudo mount -t ceph 10.20.0.11:6789,10.20.0.12:6789:/ /mnt/shared \\\n"
        f"    -o name=media,secret={value}\n"
        "$ df -h /mnt/shared\nFilesystem                          Size  Used Avail Use% Mounted on\n"
        "10.20.0.11:6789,10.20.0.12:6789:/   12T  4.1T  7.9T  35% /mnt/shared\n"
    ), value


def pcs_host_auth_transcript(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[root@node1 ~]# dnf install -y pcs pacemaker fence-agents-all && systemctl enable --now pcsd\n"
        f"[root@node1 ~]# pcs host auth node1 node2 node3 -u hacluster -p '{value}'\n"
        "node1: Authorized\nnode2: Authorized\nnode3: Authorized\n"
        "[root@node1 ~]# pcs cluster setup pgcluster node1 node2 node3\n"
    ), value


def ha_cluster_role_vars_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# group_vars/pg_nodes.yml (linux-system-roles.ha_cluster)\n"
        "ha_cluster_cluster_name: pgcluster\n"
        f"ha_cluster_hacluster_password: '{value}'\n"
        "ha_cluster_manage_firewall: true\nha_cluster_resource_primitives:\n"
        "  - id: vip\n    agent: 'ocf:heartbeat:IPaddr2'\n    instance_attrs:\n"
        "      - attrs:\n          - name: ip\n            value: 10.30.0.50\n"
    ), value


def govc_env_export_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ export GOVC_URL=vcenter.acme.internal GOVC_USERNAME='svc-automation@vsphere.local'\n"
        f"$ export GOVC_PASSWORD='{value}'\n"
        "$ export GOVC_INSECURE=1\n$ govc ls /DC1/vm/templates\n/DC1/vm/templates/ubuntu-24.04-tpl\n"
    ), value


def powercli_connect_viserver(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\ops> Connect-VIServer -Server vcenter.acme.internal -User 'svc-automation@vsphere.local' "
        f"-Password '{value}'\n\n"
        "Name                           Port  User\n----                           ----  ----\n"
        "vcenter.acme.internal          443   VSPHERE.LOCAL\\svc-automation\n\n"
        "PS C:\\ops> Get-VM -Name 'db-*' | Select-Object Name, PowerState\n"
    ), value


def stem_controller_authenticate_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from stem import Signal\nfrom stem.control import Controller\n\n"
        "with Controller.from_port(port=9051) as controller:\n"
        f"    controller.authenticate(password='{value}')\n"
        "    controller.signal(Signal.NEWNYM)\n    print(controller.get_info('circuit-status'))\n"
    ), value


def tor_control_nc_authenticate(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ printf 'AUTHENTICATE \"{value}\"\\r\\nGETINFO version\\r\\nQUIT\\r\\n' | nc 127.0.0.1 9051\n"
        "250 OK\n250-version=0.4.8.13 (git-" + s(rng, 16, HEX) + ")\n250 OK\n250 closing connection\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        jenkins_agent_jar_jnlp_cmd, jenkins_inbound_agent_compose_env, jenkins_cli_jar_auth_flag,
        python_jenkins_client_password, gocd_autoregister_properties, gocd_agent_docker_run_env,
        buildbot_tac_worker_passwd, buildbot_master_cfg_worker_entry, act_runner_register_cmd,
        forgejo_runner_compose_env_token, harbor_yml_admin_password, harbor_helm_values_admin_password,
        ntfy_token_add_output, ntfy_publish_curl_bearer, firefly_env_static_cron_token, firefly_cron_url_curl,
        graylog_server_conf_password_secret, graylog_compose_env_password_secret, vikunja_config_yml_jwtsecret,
        vikunja_compose_service_jwtsecret, aria2_conf_rpc_secret, aria2_jsonrpc_curl_token,
        gerrit_rest_http_password_xssi_json, gerrit_set_account_ssh_cmd, ceph_auth_get_or_create_output,
        cephfs_mount_secret_option, pcs_host_auth_transcript, ha_cluster_role_vars_yml, govc_env_export_url,
        powercli_connect_viserver, stem_controller_authenticate_py, tor_control_nc_authenticate,
    )
}  # fmt: skip
