"""Where the twenty-sixth held-out part (twentysixth.py) shows generic secrets that package managers and mobile and
game builds hold or are given: a Hex organisation's key (``mix hex.organization auth``, Hex's ``hex.config``), a Conan
remote's password (``conan remote login -p``, Conan 2's ``credentials.json``), a Paket source's password
(``paket.dependencies``, ``paket config add-credentials``), a LuaRocks upload key (``luarocks upload --api-key``, its
``upload_config.lua``), a PAUSE password for CPAN (``~/.pause``, ``cpan-upload -p``), a Unity licence login (the
editor's batch-mode flags, a unityci container's environment file), a Godot export's keystore password (its
``export_credentials.cfg``, a CI job's environment), an itch.io upload key (butler's credentials file, a workflow's
environment), a Perforce password (a ``.p4config``, ``p4 set``), a Capacitor release keystore password (its
``capacitor.config.ts``, ``npx cap build --keystorepass``) and a Flet or Kivy release keystore password (``flet build
apk``'s signing flags, buildozer's ``P4A_`` environment). Each takes ``(rng, name, value)`` and gives ``(text,
secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, s


def mix_hex_organization_auth_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "~/src/billing_umbrella$ mix hex.organization auth acme "
        f"{var} {value}\n"
        "Successfully authorized organization acme\n~/src/billing_umbrella$ mix deps.get\n"
        "Resolving Hex dependencies...\n"
    ), value


def hex_config_repos_auth_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.hex/hex.config\n"
        f'{{\'$repos\', #{{<<"hexpm:acme">> => #{{auth_key => <<"{value}">>}}}}}}.\n'
        "{'$write_key', undefined}.\n"
    ), value


def conan_remote_login_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "+ conan remote add acme https://conan.acme.example/artifactory/api/conan/cpp-local --force\n"
        f"+ conan remote login acme ci-bot -p {value}\n"
        "Changed user of remote 'acme' from 'None' (anonymous) to 'ci-bot' (authenticated)\n"
    ), value


def conan_credentials_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.conan2/credentials.json\n{\n"
        '    "credentials": [\n        {\n            "remote": "acme",\n            "user": "ci-bot",\n'
        f'            "{var}": "{value}"\n'
        "        }\n    ]\n}\n"
    ), value


def paket_dependencies_source_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// paket.dependencies\n"
        "source https://api.nuget.org/v3/index.json\n"
        'source https://nuget.acme.example/v3/index.json username: "build" '
        f'{var}: "{value}" authtype: "basic"\n\n'
        "framework: net8.0\nnuget FSharp.Core 8.0.400\nnuget Acme.Billing.Contracts ~> 4.2\n"
    ), value


def paket_config_add_credentials_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\src\\Ledger> dotnet paket config add-credentials https://nuget.acme.example/v3/index.json "
        f"--username build --{var} {value} --authtype basic\n"
        "Paket version 8.0.3+1e3e7e2a0e5a4f1f1f9a7b3c5b8c6a3a4c1f7e2d\nCredentials for source "
        "https://nuget.acme.example/v3/index.json stored.\n"
    ), value


def luarocks_upload_api_key_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ luarocks upload rockspecs/lua-acme-tiles-1.4.0-1.rockspec "
        f"--{var}={value}\n"
        "Sending rockspecs/lua-acme-tiles-1.4.0-1.rockspec ...\nWill now upload lua-acme-tiles-1.4.0-1.src.rock\n"
        "Done: https://luarocks.org/modules/acme/lua-acme-tiles/1.4.0-1\n"
    ), value


def luarocks_upload_config_lua(rng: random.Random, var: str, value: str) -> Place:
    return (f'$ cat ~/.luarocks/upload_config.lua\nkey = "{value}"\nserver = "https://luarocks.org"\n'), value


def pause_file_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.pause\nuser ACMEDEV\n"
        f"{var} {value}\n"
        "$ cpan-upload Acme-Ledger-Tools-0.31.tar.gz\nregistering upload with PAUSE web server\n"
    ), value


def cpan_upload_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .github/workflows/release.yml (step log)\n"
        f"Run cpan-upload -u ACMEDEV -p {value} Acme-Ledger-Tools-0.32.tar.gz\n"
        "registering upload with PAUSE web server\nPOSTing upload for Acme-Ledger-Tools-0.32.tar.gz to "
        "https://pause.perl.org/pause/authenquery\nPAUSE add message sent ok [200]\n"
    ), value


def unity_batchmode_license_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        "builder@ci-mac-02:~$ /Applications/Unity/Hub/Editor/2022.3.52f1/Unity.app/Contents/MacOS/Unity "
        "-quit -batchmode -nographics -username builds@acme-games.example "
        f"{var} {value} -serial SC-{s(rng, 4, '23456789ABCDEFGHJKLMNPQRSTUVWXYZ')}-XXXX-XXXX-XXXX-XXXX "
        '-logFile -\n[Licensing::Module] Channel doesn\'t exist: "LicenseClient-builder"\n'
        "[Licensing::Client] Successfully activated the entitlement license\n"
    ), value


def unityci_docker_env_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ci/unity.env\nUNITY_EMAIL=builds@acme-games.example\n"
        f"UNITY_PASSWORD={value}\n"
        "UNITY_SERIAL=SC-XXXX-XXXX-XXXX-XXXX-XXXX\n"
        "$ docker run --rm --env-file ci/unity.env -v $PWD:/project unityci/editor:ubuntu-2022.3.52f1-android-3 "
        "unity-editor -quit -batchmode -projectPath /project -executeMethod Build.Android\n"
    ), value


def godot_export_credentials_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat .godot/export_credentials.cfg\n[preset.0]\n\nscript_encryption_key=""\n\n[preset.0.options]\n\n'
        'keystore/release="/home/ana/keys/hollow-upload.keystore"\nkeystore/release_user="upload"\n'
        f'{var}="{value}"\n'
    ), value


def godot_ci_env_keystore_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .gitlab-ci.yml\nexport-android:\n  image: barichello/godot-ci:4.3\n  variables:\n"
        "    GODOT_ANDROID_KEYSTORE_RELEASE_PATH: /tmp/upload.keystore\n"
        "    GODOT_ANDROID_KEYSTORE_RELEASE_USER: upload\n"
        f"    GODOT_ANDROID_KEYSTORE_RELEASE_PASSWORD: {value}\n"
        '  script:\n    - godot --headless --export-release "Android" build/hollow.aab\n'
    ), value


def butler_creds_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ butler login\nYour local credentials are valid!\n\nIf you want to log in as another account, use the "
        "`butler logout` command first, or specify a different credentials path with the `-i` flag.\n"
        f"$ cat ~/.config/itch/butler_creds\n{value}\n"
    ), value


def butler_push_workflow_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .github/workflows/itch.yml\njobs:\n  push:\n    runs-on: ubuntu-latest\n    env:\n"
        f"      {var}: {value}\n"
        "    steps:\n      - uses: actions/download-artifact@v4\n"
        "      - run: butler push build/web acme-games/hollow:html5 --userversion ${{ github.ref_name }}\n"
    ), value


def p4config_file_p4passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "D:\\Depot\\Hollow> type .p4config\nP4PORT=ssl:perforce.acme-games.example:1666\nP4USER=ana.kovac\n"
        f"{var}={value}\n"
        "P4CLIENT=ana_hollow_main\n"
    ), value


def p4_set_output_p4passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "D:\\Depot\\Hollow> p4 set\nP4CLIENT=ana_hollow_main (config 'D:\\Depot\\Hollow\\.p4config')\n"
        "P4CONFIG=.p4config (set)\nP4EDITOR=C:\\Windows\\system32\\Notepad.exe (set)\n"
        f"{var}={value} (set)\n"
        "P4PORT=ssl:perforce.acme-games.example:1666 (config 'D:\\Depot\\Hollow\\.p4config')\n"
    ), value


def capacitor_config_ts_keystore_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// capacitor.config.ts\nimport type { CapacitorConfig } from '@capacitor/cli';\n\n"
        "const config: CapacitorConfig = {\n  appId: 'example.acme.field',\n  appName: 'Acme Field',\n"
        "  webDir: 'dist',\n  android: {\n    buildOptions: {\n      keystorePath: 'keys/release.jks',\n"
        "      keystoreAlias: 'release',\n"
        f"      {var}: '{value}',\n"
        f"      keystoreAliasPassword: '{value}',\n"
        "      releaseType: 'AAB',\n    },\n  },\n};\n\nexport default config;\n"
    ), value


def cap_build_android_keystorepass_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ npx cap build android --keystorepath keys/release.jks "
        f"--keystorepass {value} --keystorealias release --keystorealiaspass {value} --androidreleasetype APK\n"
        "[info] Building release APK...\n"
    ), value


def flet_build_apk_signing_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(venv) ana@dev:~/src/meter-reader$ flet build apk --android-signing-key-store keys/upload.jks "
        f"--android-signing-key-alias upload --android-signing-key-store-password {value} "
        f"--android-signing-key-password {value}\n"
        "Creating Flutter bootstrap project... Done\nPackaging Python app... Done\n"
    ), value


def buildozer_p4a_release_env(rng: random.Random, var: str, value: str) -> Place:
    build = s(rng, 3, DIGITS)
    return (
        "#!/bin/sh\n# release.sh (Kivy app, buildozer)\nexport P4A_RELEASE_KEYSTORE=$HOME/keys/upload.keystore\n"
        "export P4A_RELEASE_KEYALIAS=upload\n"
        f"export P4A_RELEASE_KEYSTORE_PASSWD={value}\n"
        f"export P4A_RELEASE_KEYALIAS_PASSWD={value}\n"
        f"buildozer -v android release  # build {build}\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        mix_hex_organization_auth_cmd,
        hex_config_repos_auth_key,
        conan_remote_login_p_flag,
        conan_credentials_json,
        paket_dependencies_source_password,
        paket_config_add_credentials_cmd,
        luarocks_upload_api_key_flag,
        luarocks_upload_config_lua,
        pause_file_password,
        cpan_upload_p_flag,
        unity_batchmode_license_flags,
        unityci_docker_env_file,
        godot_export_credentials_cfg,
        godot_ci_env_keystore_password,
        butler_creds_file,
        butler_push_workflow_env,
        p4config_file_p4passwd,
        p4_set_output_p4passwd,
        capacitor_config_ts_keystore_password,
        cap_build_android_keystorepass_flag,
        flet_build_apk_signing_flags,
        buildozer_p4a_release_env,
    )
}
