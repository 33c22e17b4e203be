"""Where the twenty-third held-out part (twentythird.py) shows five more generic secrets: a report server's unattended
execution account password (``rsconfig -e``, its WMI provider from PowerShell), a BI data gateway's recovery key
(PowerShell's ``Add-DataGatewayCluster``, a runbook's transcript), a broker console user's password (ActiveMQ's
``jetty-realm.properties``, its ``users.properties``), an RPA orchestrator's application secret (``uipcli`` in a
pipeline, a robot connecting from the command line) and a LoRaWAN device's AppKey (The Things Stack's CLI, a RIOT
application's Makefile). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, s


def rsconfig_unattended_execution_account(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\Program Files\\Microsoft SQL Server Reporting Services\\Shared Tools> "
        f"rsconfig -e -m rpt01 -i SSRS -u CORP\\svc_ssrs_exec -{var} {value}\n"
        "The command completed successfully.\n"
    ), value


def wmi_set_unattended_execution_account(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ssrs-config.ps1: the execution account of the report server, set through its WMI provider\n"
        "$rs = Get-CimInstance -Namespace root\\Microsoft\\SqlServer\\ReportServer\\RS_SSRS\\v15\\Admin `\n"
        "  -ClassName MSReportServer_ConfigurationSetting\n"
        "Invoke-CimMethod -InputObject $rs -MethodName SetUnattendedExecutionAccount -Arguments @{\n"
        f"  UserName = 'CORP\\svc_ssrs_exec'; Password = '{value}'\n"
        "}\n"
    ), value


def add_datagateway_cluster_recovery_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# gateway-setup.ps1 (DataGateway module)\nConnect-DataGatewayServiceAccount -ApplicationId $appId "
        "-ClientSecret $secret -Tenant $tenant\n"
        f"$key = ConvertTo-SecureString '{value}' -AsPlainText -Force\n"
        "Add-DataGatewayCluster -GatewayName 'bi-gw-02' -RecoveryKey $key -OverwriteExistingGateway\n"
    ), value


def runbook_transcript_recovery_key(rng: random.Random, var: str, value: str) -> Place:
    n = s(rng, 14, DIGITS)
    return (
        "**********************\nWindows PowerShell transcript start\n"
        f"Start time: {n}\nUsername: CORP\\svc_gwadmin\n**********************\n"
        "PS C:\\Runbooks> Install-DataGateway -AcceptConditions\n"
        f"PS C:\\Runbooks> Add-DataGatewayCluster -GatewayName bi-gw-03 -{var} (ConvertTo-SecureString "
        f"'{value}' -AsPlainText -Force)\n"
        "ClusterId : 2f9c1a1e-4b51-4d0e-9a0f-61a85c1d3b77\n"
    ), value


def activemq_jetty_realm_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# conf/jetty-realm.properties (ActiveMQ web console)\n# username: password [,rolename ...]\n"
        f"admin: {value}, admin\n"
        "monitor: monitor, user\n"
    ), value


def activemq_users_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "## conf/users.properties (ActiveMQ JAAS PropertiesLoginModule)\n## ---------------------\n"
        f"system={value}\n"
        "guest=guest\n"
    ), value


def uipcli_pipeline_app_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# azure-pipelines.yml (deploy the invoice bots)\nsteps:\n  - script: >\n"
        "      uipcli package deploy $(Build.ArtifactStagingDirectory)/InvoiceBot.nupkg\n"
        "      https://cloud.uipath.com/acme/DefaultTenant/orchestrator_/ DefaultTenant\n"
        "      -A acme -I 6f3b1d3c-7f0a-4a1e-9e11-0c2b8f6a9d20\n"
        f"      -S {value}\n"
        '      --applicationScope "OR.Folders OR.Robots"\n    displayName: Deploy to Orchestrator\n'
    ), value


def uirobot_connect_client_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\Program Files\\UiPath\\Studio> UiRobot.exe connect --url https://orchestrator.corp.example/ "
        f"--clientID 0c4a76e1-1d7b-4b2b-8c5e-d1c2f1f0a9e3 --{var} {value}\n"
        "Orchestrator connection established.\n"
    ), value


def ttn_lw_cli_app_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ttn-lw-cli end-devices create soil-probes probe-017 \\\n"
        "    --dev-eui 70B3D57ED005A1F3 --join-eui 0000000000000000 \\\n"
        "    --frequency-plan-id EU_863_870_TTN --lorawan-version 1.0.3 --lorawan-phy-version 1.0.3-a \\\n"
        f"    --root-keys.app-key.key {value}\n"
    ), value


def riot_makefile_app_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# apps/soil-probe/Makefile (RIOT)\nAPPLICATION = soil-probe\nBOARD ?= b-l072z-lrwan1\n"
        "USEPKG += semtech-loramac\nLORA_DRIVER ?= sx1276\nDEVEUI ?= 70B3D57ED005A1F4\n"
        f"{var} ?= {value}\n"
        'CFLAGS += -DCONFIG_LORAMAC_APP_KEY_DEFAULT=\\"$(APPKEY)\\"\ninclude $(RIOTBASE)/Makefile.include\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        rsconfig_unattended_execution_account,
        wmi_set_unattended_execution_account,
        add_datagateway_cluster_recovery_key,
        runbook_transcript_recovery_key,
        activemq_jetty_realm_properties,
        activemq_users_properties,
        uipcli_pipeline_app_secret,
        uirobot_connect_client_secret,
        ttn_lw_cli_app_key,
        riot_makefile_app_key,
    )
}
