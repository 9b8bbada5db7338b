"""pytest-lsp drives `vault lsp` over stdio. VAULT_BIN is the binary,
EXAMPLE_VAULT and OBSIDIAN_VAULT are temporary copies of the vaults
(made by Tests/VaultCLITests/LanguageServerEndToEndTests.swift)."""
import os
import pathlib

import pytest_lsp  # noqa: E402
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ENV = dict(os.environ, VAULT_NOW="2026-11-18T09:00:00Z", NO_COLOR="1")
ENV.pop("VAULT_DIR", None)


def uri(root, path):
    return pathlib.Path(root, path).as_uri()


async def start(lsp_client, root):
    # VS Code's capabilities include watching files for the server: the server asks, the test client agrees.
    lsp_client.registrations = []
    lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)(lambda params: lsp_client.registrations.append(params))
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=pathlib.Path(root).as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=pathlib.Path(root).as_uri(), name="vault")],
    )
    return await lsp_client.initialize_session(params)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[os.environ["VAULT_BIN"], "lsp"], server_env=ENV))
async def example(lsp_client: LanguageClient):
    lsp_client.root = os.environ["EXAMPLE_VAULT"]
    lsp_client.init_result = await start(lsp_client, lsp_client.root)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[os.environ["VAULT_BIN"], "lsp"], server_env=ENV))
async def obsidian(lsp_client: LanguageClient):
    lsp_client.root = os.environ["OBSIDIAN_VAULT"]
    lsp_client.init_result = await start(lsp_client, lsp_client.root)
    yield
    await lsp_client.shutdown_session()


def plugin_vaults():
    """Two clones of one adopted Spaced Repetition plugin vault (OSR_FIXTURE, `vault init`
    run once, `obsidian_sr.write_back: true`): the same device, so both write the same lines."""
    import shutil
    import subprocess
    import tempfile
    base = pathlib.Path(tempfile.mkdtemp(prefix="vault-osr-"))
    adopted = base / "adopted"
    shutil.copytree(os.environ["OSR_FIXTURE"], adopted)
    subprocess.run([os.environ["VAULT_BIN"], "init", str(adopted), "--timezone", "UTC"],
                   check=True, capture_output=True, env=ENV)
    config = adopted / ".vault" / "config.yml"
    text = config.read_text()
    assert "  write_back: false" in text
    config.write_text(text.replace("  write_back: false", "  write_back: true"))
    shutil.copytree(adopted, base / "editor")
    shutil.copytree(adopted, base / "terminal")
    return base


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[os.environ["VAULT_BIN"], "lsp"], server_env=ENV))
async def plugin(lsp_client: LanguageClient):
    import shutil
    base = plugin_vaults()
    lsp_client.root = str(base / "editor")
    lsp_client.terminal_root = str(base / "terminal")
    lsp_client.init_result = await start(lsp_client, lsp_client.root)
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(base, ignore_errors=True)
