"""The deployment files, checked without a container daemon or a cluster: every YAML parses, the Compose
file meets the Compose specification, the Kubernetes manifests carry probes, limits and the env they need
(every Secret and ConfigMap they name exists), and haproxy accepts deploy/haproxy.cfg."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from tests.team.harness import HAPROXY, haproxy_unavailable

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
COMPOSE_SPEC = ROOT / "tests" / "envs" / "compose-spec.json"
SERVER_ENV = {"MCPFORGE_REGISTRY", "MCPFORGE_REQUEST_STATE_KEY", "MCPFORGE_QUEUE_URL", "MCPFORGE_CONFIG"}


def documents(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc is not None]


def manifests() -> list[dict[str, Any]]:
    return [doc for path in sorted((DEPLOY / "k8s").glob("*.yaml")) for doc in documents(path)]


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [doc for doc in manifests() if doc["kind"] == kind]


def deployment(name: str) -> dict[str, Any]:
    return next(doc for doc in of_kind("Deployment") if doc["metadata"]["name"] == name)


def test_every_yaml_file_parses_and_names_its_kind() -> None:
    files = sorted(DEPLOY.rglob("*.yaml"))
    assert {path.name for path in files} >= {"compose.yaml", "server.yaml", "worker.yaml", "secret.yaml"}
    for doc in manifests():
        assert {"apiVersion", "kind"} <= set(doc), doc


def test_kustomization_lists_every_manifest() -> None:
    (kustomization,) = documents(DEPLOY / "k8s" / "kustomization.yaml")
    listed = set(kustomization["resources"])
    assert listed == {p.name for p in (DEPLOY / "k8s").glob("*.yaml")} - {"kustomization.yaml"}


def test_the_compose_file_meets_the_compose_specification() -> None:
    (compose,) = documents(DEPLOY / "compose.yaml")
    validator = jsonschema.Draft7Validator(json.loads(COMPOSE_SPEC.read_text(encoding="utf-8")))
    assert [error.message for error in validator.iter_errors(compose)] == []
    services = compose["services"]
    assert services["postgres"]["image"] == "postgres:15"
    replicas = [name for name, service in services.items() if "--stateless" in service.get("command", [])]
    assert len(replicas) == 2
    for name in [*replicas, "postgres"]:
        assert "healthcheck" in services[name], name
    for name in replicas:
        assert "/readyz" in " ".join(services[name]["healthcheck"]["test"])
        assert services[name]["deploy"]["resources"]["limits"]
        assert "MCPFORGE_REQUEST_STATE_KEY" in services[name]["environment"]
    assert services["worker"]["command"][0] == "worker"
    assert any("haproxy.cfg" in volume for volume in services["haproxy"]["volumes"])


def test_server_pods_have_probes_limits_and_the_shared_key() -> None:
    spec = deployment("mcpforge-server")["spec"]
    assert spec["replicas"] >= 2
    (container,) = spec["template"]["spec"]["containers"]
    assert "--stateless" in container["args"]
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert set(container["resources"]) == {"requests", "limits"}
    assert {entry["name"] for entry in container["env"]} >= SERVER_ENV


def test_worker_pods_have_limits_and_the_queue() -> None:
    (container,) = deployment("mcpforge-worker")["spec"]["template"]["spec"]["containers"]
    assert container["args"][0] == "worker"
    assert set(container["resources"]) == {"requests", "limits"}
    assert {"MCPFORGE_REGISTRY", "MCPFORGE_QUEUE_URL"} <= {entry["name"] for entry in container["env"]}


def test_every_secret_and_config_map_a_pod_names_exists() -> None:
    secrets = {doc["metadata"]["name"]: set(doc["stringData"]) for doc in of_kind("Secret")}
    maps = {doc["metadata"]["name"]: set(doc["data"]) for doc in of_kind("ConfigMap")}
    for doc in of_kind("Deployment"):
        pod = doc["spec"]["template"]["spec"]
        for container in pod["containers"]:
            for entry in container.get("env", []):
                ref = entry.get("valueFrom", {}).get("secretKeyRef")
                if ref is not None:
                    assert ref["key"] in secrets[ref["name"]], ref
        for volume in pod["volumes"]:
            if "configMap" in volume:
                assert volume["configMap"]["name"] in maps
            if "secret" in volume:
                assert {item["key"] for item in volume["secret"]["items"]} <= secrets[
                    volume["secret"]["secretName"]
                ]
    (config,) = maps.values()
    assert config == {"mcpforge.yaml"}


def test_the_service_has_no_session_affinity_and_selects_the_servers() -> None:
    (service,) = of_kind("Service")
    labels = deployment("mcpforge-server")["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["sessionAffinity"] == "None"
    assert service["spec"]["selector"].items() <= labels.items()


def test_haproxy_accepts_the_deployment_configuration() -> None:
    reason = haproxy_unavailable()
    if reason is not None:
        pytest.skip(reason)
    checked = subprocess.run(
        [HAPROXY, "-c", "-f", str(DEPLOY / "haproxy.cfg")], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = (DEPLOY / "haproxy.cfg").read_text(encoding="utf-8")
    assert "balance roundrobin" in text
    settings = [
        line.split()[0] for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    assert not {"cookie", "stick", "stick-table", "hash-type"} & set(settings)  # no affinity


def test_the_image_carries_the_team_extra() -> None:
    installs = re.search(
        r'pip install --no-cache-dir "\.\[([a-z0-9,]+)\]"', (ROOT / "Dockerfile").read_text(encoding="utf-8")
    )
    assert installs is not None and {"team", "s3"} <= set(installs.group(1).split(","))
