"""Secrets handed over where no name beside them says secret, or in a shape the names rules do not read: a key given
to the class a vendor's SDK names for itself (``ZorbGeo('k')``, ``new Zorbform("k")``), a header given as a name
and a value (a HAR file's, a proxy's export, Postman's), a value echoed into a file whose name says secret, the
answer typed to a dialogue's password question with its default in brackets, a login and its password in a chat's
HTML export (``admin / pw</div>``), and the user and password a package index's login or a database's secure store
is given by position; and, from the seventeenth part, a name and a value given in code (``ZorbItem(name: "key",
value: "v")``) or as a pair (gRPC's metadata), a network device's secret in the clear (``secret 0 pw``,
``plain-text-password-value pw``), a control port's ``AUTHENTICATE "pw"``, ``IDENTIFIED BY`` in a client's history
(``\\040`` for its spaces), R's assignment (``zorb_key <- "v"``) and a UUID under a key's name; and, from the
eighteenth, a header set value first (``setValue("v", forHTTPHeaderField: "x-zorb-token")``), a random token as a
URL's path segment, a credential printed under a label that names it, a cracking tool's passwords, Windows' Wi-Fi
key in the clear, a password given to ``dscl -passwd`` or ``qpdf --encrypt`` or piped to ``--key-file=-``, a value
under a name that says authorization, and random letters alone printed by a command that names a secret; and, from
the nineteenth, a URL's segment named for a secret before its value, a class's key on the line after its call's
opening, ``iinit pw``, a secrets table's line echoed into its file, a quoted login before ``pass``, a bearer token
after an account's name, ``admins passwd user pw`` and SQLCipher's key; and, from the twentieth, a token given as
basic auth's user, a queued job's host, user and password, a device's ``set NAME VALUE``, an SMB URI's password after
its workgroup, ``synouser --setpw`` and ``--passwd-on-stdin``; and, from the twenty-first, a bearer's tuple, a
value in braces after its name (Go's ``url.Values``), ``+login user pw``, a Samba user after its domain, a managed
app's ``valueString``, ``encryption on pw``, ``abe.jar unpack in out pw``, RAR's ``-hp<pw>`` and SIPp's ``-ap``;
and, from the twenty-second, a password in a URL's query beside its user, an ``api=`` key, G-code's ``M551``, a
HomeKit setup code, PHP's ``define`` and an INI section's quoted value inside a JSON string; and, from the
twenty-third, a key's name before a vendor's ``[a-z0-9]`` key or 32 hex digits, an Objective-C or C# ``@"v"``,
Elixir's ``@key "v"``, Robot Framework's ``${PASSWORD}    v``, IBM i's ``RMTPWD('v')``, ``reg add /v ... /d v``, a
form's field filled by a browser script, a netrc in capitals and ``mc alias set``; and, from the twenty-fourth,
Lisp's ``*api-key*``, Ada's ``: constant String :=``, a C array's ``pwd[64] =``, a key in dashed groups under a key's
name, a value on the line after ``=`` inside a JSON string, BTEQ's ``.LOGON host/user,pw``, ``maas login``, a
password a chat's message reports (``password for the box is v``, ``...: v"`` ending its string), LND's macaroons
in hex and signify's secret keys; and, from the twenty-fifth, a key as basic auth's user with an empty password or
encoded with a colon after it, ``ConvertTo-SecureString -AsPlainText "pw"``, ``isql -Ppw``, a new password a ticket
hands over in words and twenty digits or more under a secret's name; and, from the twenty-sixth, a secret file
printed at a Raspberry Pi's prompt (``pi@host:~ $``), a Lua table's ``["Authorization"]``, Erlang's ``<<"v">>``,
``deluge-console "connect host user pw"`` and a Wi-Fi key under its label; and, from the twenty-seventh, a CSV's
row of a name and a value, PHP's serialized ``s:7:"api_key";s:32:"v"``, a key encoded with ``:x`` after it by
Java's ``encodeToString``, a user and password encoded together, a console's answer under ``Password:``, a value of
over 512 characters under a key's name, and a header given as a pair inside a JSON string; and, from the
twenty-eighth, a secret file printed at root's prompt after another command, files named for secrets under
``head``'s headers, a JSON web signature whose payload is no JSON, a header's name and value in fields apart
(PL/SQL's ``:=``, a firewall's ``set key``/``set value``, an XML entry's ``<value>``), an assignment among several
on systemd's ``Environment=`` line, and Django's ``create_superuser`` with the password by position; and, from the
twenty-ninth, a Lisp's dotted pair (``("API_KEY" . "v")``), a basic-auth tuple assigned (``auth = (id, key)``),
Webmin's ``changepass.pl`` and the Hestia panel's ``v-add-database``, a settings row set by SQL (``SET x_value='v'
WHERE x_name='...password'``) and a cron monitor's ``/ping/<uuid>``; and, from the thirtieth, a session's id
under ``session_id``, a user and password printed by ``cat`` at a prompt, OpenNebula's ``oneuser passwd`` and a
Kubernetes secret's ``--from-literal`` on a continued line; and, from the thirty-first, a random value set under a
key's name by a command's ``--value``, a salt of tokens, a passkey, a list of values under a secret's name, a key's
name with its version after it, Xen Orchestra's ``xo-cli register`` and PocketBase's ``superuser upsert``, and a
MicroK8s join token. Invented
tools and values; each redacted as text and inside a JSON string alike, and redacting again changes nothing;
look-alikes stay."""

from __future__ import annotations

import json

import pytest
from redaction_checks import assert_caught_alike, assert_stays, assert_streamed_alike

from mcp_context.redaction import Redactor

HAR = """{"log": {"entries": [{"request": {"headers": [
      {
        "name": "Authorization",
        "value": "Bearer 7Qm2xZk9vLp4Rt8wNc3bYh6J"
      },
      {"name": "Accept", "value": "application/json"}
]}}]}}
"""

CASES = [
    # a vendor's class given its key, alone, after a site's id, or after new
    ("geo = ZorbGeocoder('a3f9c2e71b04d85f6a29c3e0d7b1f48e')\n", "a3f9c2e71b04d85f6a29c3e0d7b1f48e"),
    ("t = zorbtrack.Tracker('7b2e04c9d1a5f3e8b6c0', 'c4d91e7a03f2b58e6d1a', region='eu')\n", "c4d91e7a03f2b58e6d1a"),
    ('$api = new Zorbform("9d4e1a7c3b2f08e5a6c1d9b4e7f2a3c0");\n', "9d4e1a7c3b2f08e5a6c1d9b4e7f2a3c0"),
    ("client = ZorbMaps('Kq7wZp2XvR9mLt4NcB8yHd3Fj6Sg')\n", "Kq7wZp2XvR9mLt4NcB8yHd3Fj6Sg"),
    # a header as a name and a value, indented over lines, and a field under a secret's name (Postman)
    (HAR, "7Qm2xZk9vLp4Rt8wNc3bYh6J"),
    ('{"key": "X-Zorb-Api-Key", "value": "zk9Q2mW7xLp4Vt8R", "type": "text"}\n', "zk9Q2mW7xLp4Vt8R"),
    # a value echoed into a file whose name says secret
    ('# echo "Tz8!mQ2pLw5x" > /etc/zorbd/enroll.pass\n', "Tz8!mQ2pLw5x"),
    ("$ printf '%s' 'q9XvL2mZ7kWp4RtN8cBy' >> ~/.config/zorb/api_token\n", "q9XvL2mZ7kWp4RtN8cBy"),
    # a dialogue's answer to a password question
    ("Admin e-mail? [root@localhost]: ops@zorb.dev\nAdmin password? [changeme]: Wq7!zP3mLx8v\n", "Wq7!zP3mLx8v"),
    ("Database password [zorb]: Hk4#nT9qRv2m\nPort [5432]:\n", "Hk4#nT9qRv2m"),
    # a chat export's message ending in markup
    ('<div class="msg">the zorb console login is ops / Fm8-kQ2xLp7vZt4R</div>\n', "Fm8-kQ2xLp7vZt4R"),
    # by position: a package index's login, a database's secure store
    ("$ poetry config http-basic.zorb ci-deploy 'Nv5!qL8mXz2p'\n", "Nv5!qL8mXz2p"),
    ("hdbuserstore SET NIGHTLY zorbhost:30015 BACKUP_USER 'Rk2#pW9mLq4x'\n", "Rk2#pW9mLq4x"),
    # a name and a value in code, a pair of strings
    ('items = [ZorbItem(name: "key", value: "71930284-9c3e5a1b7d2f48e6a0c9b3d5f")]\n', "9c3e5a1b7d2f48e6a0c9b3d5f"),
    ("meta = (('x-zorb-api-key', 'Lm3xQ9vZk2Wp7RtN4cBy'),)\n", "Lm3xQ9vZk2Wp7RtN4cBy"),
    # a network device's secret in the clear
    ("username ops privilege 15 secret 0 Vq8mZk2xLp4W\n", "Vq8mZk2xLp4W"),
    (" radius server R1\n  key 0 Tz5nQ8wLm2Xk\n", "Tz5nQ8wLm2Xk"),
    ("mgd[1]: command 'set system login user ops authentication plain-text-password-value Wq4!kZ8m '\n", "Wq4!kZ8m"),
    # a control port's password, SQL in a client's history, R's assignment, a UUID under a key's name
    ("$ printf 'AUTHENTICATE \"Zk7!qW2mLp\"\\r\\n' | nc 127.0.0.1 9051\n", "Zk7!qW2mLp"),
    ("CREATE\\040USER\\040'ro'\\040IDENTIFIED\\040BY\\040'Pq7!zW3mKx';\n", "Pq7!zW3mKx"),
    ('zorb_key <- "Xk4mQ9vZ2pLw7RtN8cBy"\n', "Xk4mQ9vZ2pLw7RtN8cBy"),
    ("zorb.agent.register.key=4f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2\n", "4f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2"),
    # learnt from the eighteenth part
    ('req.setValue("q8ZvLm2xKp7wRt4N", forHTTPHeaderField: "X-Zorb-Token")\n', "q8ZvLm2xKp7wRt4N"),
    ("$ curl https://hub.zorb.lan/api/Zq7mK2xLp9WvR4tN8cBy3HdF6gJs1AeU/state\n", "Zq7mK2xLp9WvR4tN8cBy3HdF6gJs1AeU"),
    ("$ zorbctl add e7\nAgent token for 'e7':\n\n   Wq4mZ8xKp2LvR7tN9cBy3HdF\n", "Wq4mZ8xKp2LvR7tN9cBy3HdF"),
    ("$ hashcat -m 0 h.txt words.txt --show\n5f4dcc3b5aa765d61d8327deb882cf99:Zorbmarble.42!\n", "Zorbmarble.42!"),
    ("$ john --show pw.txt\nci_bot:Kp7!zQ2mWx:1004:1004::/home/ci_bot:/bin/sh\n", "Kp7!zQ2mWx"),
    ("    Key Content            : harbour-lantern.83!\n", "harbour-lantern.83!"),
    ("$ sudo dscl . -passwd /Users/lab 'Tq3!mZ8wLx'\n", "Tq3!mZ8wLx"),
    ("$ qpdf --encrypt Vm7!qL2zRx owner 256 -- a.pdf b.pdf\n", "Vm7!qL2zRx"),
    ("printf '%s' 'Lz8!qW3mKv' | cryptsetup open /dev/sdb1 vault --key-file=-\n", "Lz8!qW3mKv"),
    ('ZORB_AUTHORIZATION = "dXNlcjpabzhxV3YyTGtSN3RYcDRu"\n', "dXNlcjpabzhxV3YyTGtSN3RYcDRu"),
    ("ops@zorb:~$ cat relay.secret\nKbVDxFwtYLMq\n", "KbVDxFwtYLMq"),
    # learnt from the nineteenth part
    ("GET https://api.zorb.dev/v2/json/api_token/7kq2mx9zl4wp8rt3nb6yh1df/items\n", "7kq2mx9zl4wp8rt3nb6yh1df"),
    (
        "req = zorbnlp.TopicsRequest(\n    'k2q9mx7zl4wp8rt3nb6yh1dfv5cj0sa3',\n    lang='en',\n)\n",
        "k2q9mx7zl4wp8rt3nb6yh1dfv5cj0sa3",
    ),
    ("$ iinit 'Zq7!mK2xLp'\n", "Zq7!mK2xLp"),
    ("echo 'relay ops@zorb.dev:Wx8**qL2mZkR' > /etc/zorbmail/secrets\n", "Wx8**qL2mZkR"),
    ('account "w" imaps server "imap.zorb.dev" user "ops@zorb.dev" pass "harbour.4412*"\n', "harbour.4412*"),
    ("-H 'Authorization: Bearer robot Q8ZVLM2XKP7WRT4NCBY3HDF6GJS1AEUZ'\n", "Q8ZVLM2XKP7WRT4NCBY3HDF6GJS1AEUZ"),
    ("# zorbmq ctl admins passwd admin 'glacier-7731*'\n", "glacier-7731*"),
    ('val db = SQLiteDatabase.openOrCreateDatabase(file, "wB3PW!1zV-QojK", null, null)\n', "wB3PW!1zV-QojK"),
    # learnt from the twentieth part
    ("r = requests.get(url, auth=('Q8ZvLm2xKp7wRt4NcBy3', 'x'))\n", "Q8ZvLm2xKp7wRt4NcBy3"),
    ("  f.request :authorization, :basic, 'Zq7mK2xLp9WvR4tN8c', 'X'\n", "Zq7mK2xLp9WvR4tN8c"),
    ("    * {'name': 'jobs.push', 'args': ['sftp.zorb.example', 'drop', 'Kq8!mZ2xLp4W']}\n", "Kq8!mZ2xLp4W"),
    ('{"class":"SyncJob","args":["ftps://ledger.zorb.example","imp","Harbour-4471!"],"jid":"5f"}\n', "Harbour-4471!"),
    ("ZORB-FW (to-b7) # set psksecret lantern-otter-81*\n", "lantern-otter-81*"),
    ("DeviceURI smb://ZORB/svc-print:hK!m8zQ*Rb@fs01.zorb.lan/mfp\n", "hK!m8zQ*Rb"),
    ("$ sudo synouser --setpw backup 'Lq7mZ2xKp9Wv'\n", "Lq7mZ2xKp9Wv"),
    ("echo 'Wz8.qL2mKx7' | sudo openconnect --user=ops --passwd-on-stdin vpn.zorb.dev\n", "Wz8.qL2mKx7"),
    # learnt from the twenty-first part
    ('  Req.get!(url, auth: {:bearer, "Zq7mK2xLp9WvR4tN8c"})\n', "Zq7mK2xLp9WvR4tN8c"),
    ('\t"api_key": {"Kq8mZ2xLp4WvR7tN9cBy"},\n', "Kq8mZ2xLp4WvR7tN9cBy"),
    ("$ ./steamcmd.sh +login zorbsrv Tq8!mZ2xLp +app_update 90 +quit\n", "Tq8!mZ2xLp"),
    ("smbclient //nas/raw -U 'LAB\\acq%Harbour-4471!' -c 'ls'\n", "Harbour-4471!"),
    ('{ "key": "cmsKey", "valueString": "dRFY9GUR3awTqjaT" }\n', "dRFY9GUR3awTqjaT"),
    ("$ idevicebackup2 -u 0000811 encryption on Lantern-8812!\n", "Lantern-8812!"),
    ("java -jar abe.jar unpack a.ab a.tar 'Otter.2173*'\n", "Otter.2173*"),
    ("$ rar a -m5 -hpsaffron.3340! -v1g out.rar ./data/\n", "saffron.3340!"),
    ("$ sipp -sf uac.xml -au bench -ap quarry_6011! 10.0.0.1:5060\n", "quarry_6011!"),
    # learnt from the twenty-second part
    ("$ curl -s 'https://music.zorb.lan/rest/ping.view?u=lena&p=Harbour_6939!&v=1.16.1'\n", "Harbour_6939!"),
    ("https.request('https://api.zorb.dev/v1/?api=c2mMwdnEus1J8&email=x')\n", "c2mMwdnEus1J8"),
    ('M551 P"Nimbus_8931*" ; machine password\n', "Nimbus_8931*"),
    ('  "bridge": { "name": "Zorb", "pin": "206-00-629" }\n', "206-00-629"),
    ("define('ZORB_DB_PASSWORD', \"canyon_5621*\");\n", "canyon_5621*"),
    ('[PASSWORDS]\nClubNodes="quarry-5196*"\n', "quarry-5196*"),
    # learnt from the twenty-third part
    ('ZORBGEO_KEY = "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae2ju"\n', "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae2ju"),
    ('C:\\> setx /M ZORB_ACCESS_KEY "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d"\n', "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d"),
    ('private const string ApiKey = @"Zq7mK2xLp9WvR4tN8cBy3HdF";\n', "Zq7mK2xLp9WvR4tN8cBy3HdF"),
    ('defmodule Zorb.Geo do\n  @key "a3f9c2e71b04d85f6a29c3e0d7b1f48e"\nend\n', "a3f9c2e71b04d85f6a29c3e0d7b1f48e"),
    ("*** Variables ***\n${API_PASSWORD}    Lq7mZ2xKp9Wv.R4\n", "Lq7mZ2xKp9Wv.R4"),
    ("  SBMJOB CMD(RUNRMTCMD CMD('dir') RMTUSER('OPS') RMTPWD('harbour-8812*'))\n", "harbour-8812*"),
    ('reg add "HKLM\\SOFTWARE\\Zorb" /v ServicePassword /t REG_SZ /d "Kq8!mZ2xLp4W" /f\n', "Kq8!mZ2xLp4W"),
    ('driver.findElement(By.name("passwd")).sendKeys("lantern.4471*");\n', "lantern.4471*"),
    ("cy.get('input[name=\"password\"]').clear().type('Nimbus_8931*')\n", "Nimbus_8931*"),
    ("MACHINE ZORBFTP.EXAMPLE LOGIN BATCH1 PASSWORD K7QW2MZX\n", "K7QW2MZX"),
    (
        "mc alias set zorbstore https://s3.zorb.lan ops-ro Wq4mZ8xKp2LvR7tN9cBy3HdF6gJs1AeU\n",
        "Wq4mZ8xKp2LvR7tN9cBy3HdF6gJs1AeU",
    ),
    # learnt from the twenty-fourth part
    ('(defparameter *zorb-api-key* "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae")\n', "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae"),
    ('   Zorb_Key : constant String := "k4xw9lp3vtn8rb5yc1dhf6gs0aeq7m2z";\n', "k4xw9lp3vtn8rb5yc1dhf6gs0aeq7m2z"),
    ('  char zorb_pwd[32] = "Harbour-4471!";\n', "Harbour-4471!"),
    ('zorbKey = "Zq-7mK2xLp-9WvR4tN-8cBy3H"\n', "Zq-7mK2xLp-9WvR4tN-8cBy3H"),
    ('zorbToken : String\nzorbToken =\n    "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d"\n', "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d"),
    (".LOGON zorbdw.example/loader,Kq8!mZ2xLp4W;\n.QUIT;\n", "Kq8!mZ2xLp4W"),
    (
        "$ maas login ops http://10.0.0.2:5240/MAAS/api/2.0/ Ab3dEf6hIj:Kl9nOp2rSt:Uv5xYz8bCd1fGh\n",
        "Ab3dEf6hIj:Kl9nOp2rSt:Uv5xYz8bCd1fGh",
    ),
    ('{"msg": "the new password for the zorb box is Wq4mZ8xKp2LvR7tN9cBy3H (rotated)"}\n', "Wq4mZ8xKp2LvR7tN9cBy3H"),
    ('{"text": "zorb vpn password for the guests this week: Lz8_qW3mKv7x"}\n', "Lz8_qW3mKv7x"),
    ("macaroon=0201036c6e6402" + "5f4dcc3b" * 16 + ";x=1\n", "0201036c6e6402" + "5f4dcc3b" * 16),
    ("untrusted comment: signify secret key\nRWRCSwAAAA" + "Zq7mK2xLp9WvR4tN" * 8 + "w4=\n", "Zq7mK2xLp9WvR4tN" * 8),
    # learnt from the twenty-fifth part
    (
        '{"type": "Basic", "username": "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae", "password": ""}\n',
        "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae",
    ),
    ("basic_auth:\n  username: 4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d\n  password: ''\n", "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d"),
    ('h = "Basic " + btoa("Zq7mK2xLp9WvR4tN8cBy3HdF" + ":")\n', "Zq7mK2xLp9WvR4tN8cBy3HdF"),
    ("$p = ConvertTo-SecureString -AsPlainText 'harbour-8812*' -Force\n", "harbour-8812*"),
    ("$ sqlcmd -S zorbdb -U sa -P Kq8!mZ2xLp4W -Q 'select 1'\n", "Kq8!mZ2xLp4W"),
    ('"note": "Reset it, temporary password is lantern.4471* - change it at first login"\n', "lantern.4471*"),
    ("ZORB_API_KEY=58204719365820147392058\n", "58204719365820147392058"),
    # learnt from the twenty-sixth part
    (
        "pi@zorb-03:~ $ sudo cat /etc/zorbd/rpc_auth.cfg\n4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d\n",
        "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d",
    ),
    ('  local h = { ["Authorization"] = "Bearer Zq7mK2xLp9WvR4tN8cBy3HdF" }\n', "Zq7mK2xLp9WvR4tN8cBy3HdF"),
    ('{zorb_repo, #{auth_key => <<"4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d">>}}.\n', "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d"),
    ('$ deluge-console "connect 10.0.0.5:58846 media Kq8!mZ2xLp4W; info"\n', "Kq8!mZ2xLp4W"),
    ("Network name: Zorb-Guest\nWPA Key: Lantern-4471!\n", "Lantern-4471!"),
    ("WLAN key / Netzwerkschluessel: quarry.harbour.82*\n", "quarry.harbour.82*"),
    # learnt from the twenty-seventh part
    (
        "Key,Value\nzorb_api_key,4f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2\nregion,eu\n",
        "4f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2",
    ),
    ('a:2:{s:7:"api_key";s:24:"Zq7mK2xLp9WvR4tN8cBy3HdF";s:2:"on";b:1;}\n', "Zq7mK2xLp9WvR4tN8cBy3HdF"),
    ('Base64.getEncoder().encodeToString("Zq7mK2xLp9WvR4tN8cBy3HdF:x".getBytes())\n', "Zq7mK2xLp9WvR4tN8cBy3HdF"),
    ('auth = base64.b64encode(b"billing:Kq8-mZ2-xLp-4W").decode()\n', "Kq8-mZ2-xLp-4W"),
    (" Password:\n > Lantern-4471!\n\n Locale [en]:\n", "Lantern-4471!"),
    ('zorb_key: "' + "Zq7mK2xLp9WvR4tN8cBy3HdF6gJs1AeU/+" * 20 + '"\n', "Zq7mK2xLp9WvR4tN8cBy3HdF6gJs1AeU/+" * 20),
    ('{"vb": "wc.Headers.Add(\\"X-Zorb-Token\\", \\"Zq7mK2xLp9WvR4tN8cBy\\")"}\n', "Zq7mK2xLp9WvR4tN8cBy"),
    # learnt from the twenty-eighth part
    (
        "root@zorb:/# ls /run/s6/container_environment/\nHOME  ZORB_API_KEY\n"
        "root@zorb:/# cat /run/s6/container_environment/ZORB_API_KEY; echo\n"
        "Zq7mK2xLp9WvR4tN8cBy3HdF\nroot@zorb:/# id\n",
        "Zq7mK2xLp9WvR4tN8cBy3HdF",
    ),
    ("$ head env/*\n==> env/REGION <==\neu\n\n==> env/ZORB_PASSWORD <==\nLantern-4471!\n", "Lantern-4471!"),
    ("$ tail -n +1 /run/secrets/*\n==> /run/secrets/zorb_token <==\nq7m2zk4xw9lp3vtn8rb5\n", "q7m2zk4xw9lp3vtn8rb5"),
    (
        'h = "Basic eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' + "Zq7mK2xLp9WvR4tN" * 6 + '.Kq8mZ2xLp4Wv_R7tN9cBy3H"\n',
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "Zq7mK2xLp9WvR4tN" * 6 + ".Kq8mZ2xLp4Wv_R7tN9cBy3H",
    ),
    (
        "g_request_headers(1).name  := 'x-zorb-key';\ng_request_headers(1).value := 'Zq7mK2xLp9WvR4tN8cBy3HdF';\n",
        "Zq7mK2xLp9WvR4tN8cBy3HdF",
    ),
    ('    set key "Authorization"\n    set value "Token Zq7mK2xLp9WvR4tN8cBy3HdF"\n', "Zq7mK2xLp9WvR4tN8cBy3HdF"),
    ('<entry name="X-Zorb-Token">\n  <value>Zq7mK2xLp9WvR4tN8cBy</value>\n</entry>\n', "Zq7mK2xLp9WvR4tN8cBy"),
    (
        "Environment=ZORB_HOME=/opt/zorb ZORB_SECRET_KEY=*e&0yb+()(t$g+1zq&*w7$q!p&y ZORB_PORT=5781\n",
        "*e&0yb+()(t$g+1zq&*w7$q!p&y",
    ),
    ("User.objects.create_superuser('ana', 'ana@zorb.example', 'Heron_otter-3117*')\n", "Heron_otter-3117*"),
    # learnt from the twenty-ninth part
    (
        '\'(("ZORB_REGION" . "eu") ("ZORB_API_KEY" . "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae"))\n',
        "q7m2zk4xw9lp3vtn8rb5yc1dhf6gs0ae",
    ),
    ("auth = ('zorb-key-id-7', 'Zq7mK2xLp9WvR4tN8cBy')\nr = requests.get(url, auth=auth)\n", "Zq7mK2xLp9WvR4tN8cBy"),
    ("# /usr/share/webmin/changepass.pl /etc/webmin root 'harbour.4471*'\n", "harbour.4471*"),
    ("# v-add-database ops shop wp 'Lantern-4471!' mysql localhost\n", "Lantern-4471!"),
    (
        "UPDATE zorb_settings SET setting_value='Kq8!mZ2xLp4Wv7' WHERE setting_name='zorb_admin_password';\n",
        "Kq8!mZ2xLp4Wv7",
    ),
    (
        "curl -fsS https://cron.zorb.example/ping/4f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2/start\n",
        "4f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2",
    ),
    # learnt from the thirtieth part
    ('h.Get(["session_id: ZQ7MK2XLP9WVR4TN8CBY3HDF6GJS1AEU"])\n', "ZQ7MK2XLP9WVR4TN8CBY3HDF6GJS1AEU"),
    ("$ zorbctl config:set ZORB_SESSION_ID=Kq8mZ2xLp4Wv7Rt9NcBy3HdF\n", "Kq8mZ2xLp4Wv7Rt9NcBy3HdF"),
    ("ops@zorb:~$ cat ~/.zorb/one_auth\nops:Lantern-4471!q\nops@zorb:~$ zorbctl list\n", "Lantern-4471!q"),
    ("ops@zorb:~$ oneuser passwd 0 Harbour.4471-q\n", "Harbour.4471-q"),
    (
        "$ kubectl create secret generic zorb -n z \\\n    --from-literal=root=Kq8!mZ2xLp4Wv7 --from-literal=a=b\n",
        "Kq8!mZ2xLp4Wv7",
    ),
    # learnt from the thirty-first part
    (
        "$ zorbctl env create --key ZORBPULSE_KEY --value 4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d\n",
        "4b7e0c9d2a1f3e5b8c6d0a9f1e2b3c4d",
    ),
    ("ZORB_ACCESS_TOKEN_SALT=pvYSyKPx5U3bQ8kEFRaf4avh9V7WLlw9\n", "pvYSyKPx5U3bQ8kEFRaf4avh9V7WLlw9"),
    ("ZORB_PASSKEY=Hp2sy1GMHLcHQ8bwtKIjoFtr1ytXvwrFlQydJKTC\n", "Hp2sy1GMHLcHQ8bwtKIjoFtr1ytXvwrFlQydJKTC"),
    (
        'passkeys = ["X3ifeX5B3zYJYSBkrlq1Q6MeiqugGdiJqAjKMNoi", "Zq7mK2xLp9WvR4tN8cBy3HdF"]\n',
        "Zq7mK2xLp9WvR4tN8cBy3HdF",
    ),
    ("_ZORB_OPENSSL_KEY_V1=" + "6cc53d3730d1494c" * 4 + "\n", "6cc53d3730d1494c" * 4),
    ("$ xo-cli register --allowUnauthorized https://xo.zorb.example ops@zorb.example Kq8*mZ2xLp4W\n", "Kq8*mZ2xLp4W"),
    ("/pb/pocketbase superuser upsert ops@zorb.example 'Lantern.4471*' --dir=/pb/data\n", "Lantern.4471*"),
    (
        "microk8s join 10.40.0.11:25000/52a73fa21a574dcf406379002c889d21/f13296e9f539\n",
        "52a73fa21a574dcf406379002c889d21",
    ),
]


@pytest.mark.parametrize(("text", "secret"), CASES)
def test_a_secret_handed_over_is_redacted_alike(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


def test_each_is_streamed_as_it_is_redacted_whole() -> None:
    assert_streamed_alike([text for text, _ in CASES])


@pytest.mark.parametrize(
    "text",
    [
        "commit = Commit('3f9c2e71b04d85f6a29c3e0d7b1f48e2a6c9d01b')\n",  # a commit's hash
        "oid = ObjectId('65a3f9c2e71b04d85f6a29c3')\n",  # an object's id
        "digest = Sha256Digest('a3f9c2e71b04d85f6a29c3e0d7b1f48e')\n",
        "assertEqual('a3f9c2e71b04d85f6a29c3e0d7b1f48e', md5(data))\n",  # a function, not a class
        "Label('settings_panel_header_title')\n",  # a word
        '{"name": "Accept", "value": "application/json"}\n',  # no secret's name
        '{"name": "Authorization", "value": "Bearer ${TOKEN}"}\n',  # a reference
        'echo "hello world" > password.txt\n',  # words
        "echo $ZORB_TOKEN > ~/.zorb/token\n",  # a reference
        'echo "Kq7wZp2XvR9mLt4N" > secrets/README\n',  # a folder's name, not the file's
        "Forgot your password? Reset\n",
        "$ zorb-cli -password [secret:password:1a2b] db.zorb.dev:/data/app.db\n",  # a placeholder's brackets
        "the ratio is 1 / 2.5e10\n",  # no login talk
        "$ poetry config http-basic.zorb ci-deploy $ZORB_INDEX_PASSWORD\n",  # a reference
        'ZorbItem(name: "q", value: "search-term-here")\n',  # no secret's name
        "pairs = [('color', 'dark-blue-theme-2')]\n",
        " ip ssh version 2\n key 1 chain\n",  # no clear type
        "username ops privilege 15 secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0\n",  # a hash (type 5)
        "token <- getToken()\n",  # a call
        "ZORB_CACHE_KEY=4f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2\n",  # a cache's key
        'req.setValue("application/json", forHTTPHeaderField: "Accept")\n',
        "https://github.com/zorb/app/commit/3f9c2e71b04d85f6a29c3e0d7b1f48e2a6c9d01b/files\n",  # a digest, one case
        "https://zorb.dev/docs/getting-started-with-the-zorb-cli-tool/install\n",  # words
        "Primary key for table orders:\n   order_id\n",  # a column's name
        "$ hashcat --help\nUsage: hashcat [options]... hash|hashfile\n",
        "root:x:0:0:root:/root:/bin/bash\n",  # no password shown
        "    Key Content            : Absent\n",
        'AUTHORIZATION_URL = "https://auth.zorb.dev/authorize"\n',
        "ops@zorb:~$ cat relay.secret\nHelloWorldRelay\n",  # words
        "https://zorb.dev/docs/api_token/getting-started\n",  # words after the name
        'echo "see the docs" > secrets/README\n',
        'user "ops" pass "the exam"\n',
        "val db = SQLiteDatabase.openOrCreateDatabase(file, null, null)\n",
        "r = requests.get(url, auth=('deploy-user', 'x'))\n",  # a user's name
        "    * {'args': ['sftp.zorb.example', 'drop', 'report.csv']}\n",  # a file
        "set timeout 30\nset tokenizer-mode fast\n",
        "DeviceURI smb://ZORB/fs01/finance-mfp\n",
        "$ rar a -m5 out.rar ./data/\n",
        "$ ./steamcmd.sh +login anonymous +quit\n",
        "zorb@host:~$ docker run -d -e ZORB_SECRET_KEY=$KEY zorb/app\n" + "5f4dcc3b" * 8 + "\n",  # the container's id
        "https://forum.zorb.dev/search?q=term&p=2&sort=new\n",  # a page's number, no user
        "https://zorb.dev/list?user=ana&page=3\n",
        '"pin": "1234"\n',
        'ZORB_SORT_KEY = "created_at_descending_order_v2"\n',  # words
        "GIT_COMMIT_KEY = 3f9c2e71b04d85f6a29c3e0d7b1f48e2a6c9d01b\n".replace("KEY", "SHA"),  # no key's name
        "echo ${PASSWORD}    done\n",  # a reference, not a declaration
        '  @moduledoc "Reads the zorb key from the environment"\n',
        "reg add HKCU\\Software\\Zorb /v Theme /t REG_SZ /d dark-blue-2 /f\n",  # no secret's name
        'driver.find_element(By.ID, "username").send_keys("ops@zorb.dev")\n',
        "cy.get('#password').type(Cypress.env('PW'))\n",  # a reference
        "OLDPWD=/home/ops/builds/zorb-2024-10\n",  # the shell's last folder
        "mc alias set local http://localhost:9000 $MINIO_USER $MINIO_PASSWORD\n",
        '(defparameter *zorb-cache-key* "user-profile-page")\n',  # words
        '  char zorb_name[32] = "Harbour-4471!";\n',  # no secret's name
        "the password for the zorb box is incorrect, try again\n",
        ".LOGON zorbdw.example/loader,$DW_PASSWORD;\n",  # a reference
        "def _key(self) -> SigningKey:\n/w/app/auth.py:148:def read(path) -> Key:\n",  # the next line is code
        'basic_auth:\n  username: build-robot-account-name\n  password: ""\n',  # a name
        "Please choose a new password. New password is required.\n",
        "$ sqlcmd -S zorbdb -U sa -P $SA_PASSWORD -Q 'select 1'\n",  # a reference
        "ORDER_ID=58204719365820147392058\n",  # no secret's name
        "ZORB_TRACE_KEY=1732867200000000000\n",  # nineteen digits: a time in nanoseconds
        "it costs 5 $ a month, said the api_token docs\nvery much so\n",  # no prompt
        "WPA Key: see the label under the router\n",  # words
        "Network key: (not set)\n",
        "name,region\nzorb_api_key,eu-west-1\n",  # a region
        "my_fn(api_key, 889df96b-c305-4199-96e1-e2bb671774ca)\n",  # a call's arguments
        'auth = base64.b64encode(b"billing:" + pw).decode()\n',  # a variable
        " Password:\n > \n",  # no answer
        "root@zorb:/# ls /etc/zorb\nzorb.conf\nroot@zorb:/# cat /etc/zorb/api_key\n",  # the next command, no output
        "==> env/ZORB_REGION <==\neu-west-1-zorb-2\n",  # no secret's name
        "==> logs/zorb_token.log <==\n2026-11-28 token refreshed\n",
        "x = eyJhbGciOiJIUzI1NiJ9.docs_section_title.another_words_here_too\n".replace(
            "eyJhbGciOiJIUzI1NiJ9", "eyJub3QiOjF9"
        ),
        '    set key "X-Request-Id"\n    set value "Static max-age-3600-s"\n',  # a scheme, no Authorization
        '<entry name="Content-Type">\n  <value>application/json-patch</value>\n</entry>\n',
        "foo; ZORB_SECRET=abc(def)&ghi1\n",  # shell after a statement
        "User.objects.create_user('john', 'lennon@zorb.example', password)\n",  # a variable
        '\'(("PATH" . "/usr/local/bin/zorb-tools") ("EDITOR" . "emacsclient-nw-2"))\n',  # no secret's name
        "auth = ('zorb', 'x')\n",
        "# v-list-databases ops plain json\n",
        "UPDATE wp_options SET option_value = 'https://zorb.example' WHERE option_name = 'siteurl';\n",
        "GET /api/ping/status-of-the-service-now HTTP/1.1\n",  # words
        '"session_id": "3f9c2e71-b04d-4d85-a29c-3e0d7b1f48e2"\n',  # a UUID: a log's and a host's id of a session
        "log: session_id=1234 closed\n",
        "kubectl create configmap zorb --from-literal=region=eu-west-1-zone2\n",  # no secret
        'keys = ["name", "region", "created_at_descending"]\n',  # words
        'allowed_ips = ["10.20.0.5"]\n',
        'tokens = ["BEGIN", "END", "IDENTIFIER"]\n',  # a lexer's
        "token_variants = ['+i6t-not-inline', '+i6t-inline', '+i6t-use-option']\n",  # variants, not tokens
        "$ zorbctl env create --key ZORB_REGION --value eu-west-1-zone2\n",
    ],
)
def test_look_alikes_stay(text: str) -> None:
    assert_stays(text)


def test_a_finders_value_never_takes_the_backslash_of_an_escape() -> None:
    """tshark's rows in a text held in a JSON string inside another: the cell before an escaped line's end must leave
    the escape whole, or the stored JSON no longer reads."""
    inner = '("$ tshark -Tfields -e ip.src -e pgsql.password\\n10.0.0.7\\tKw5#nR2pLz8q\\n", "x"),\n'
    text = json.dumps([{"role": "tool", "content": inner}])
    out = Redactor("s").text(text)
    assert "Kw5#nR2pLz8q" not in out and json.loads(out)[0]["content"].count("\\n") == inner.count("\\n")
