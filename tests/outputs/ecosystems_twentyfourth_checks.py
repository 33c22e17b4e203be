"""Ecosystem corpus groups of the twenty-fourth held-out part, database and infrastructure checkers people run every
day (see ``ecosystems.py``): from PyPI Squawk (the PostgreSQL migration linter) and kubernetes-validate (Kubernetes
manifests checked against the API's schemas), each on ``PATH`` when capturing. Each group is two distinct real failures
of its tool, each fixed by one edit and run again, in the wording that tool prints."""

from __future__ import annotations

from typing import Any

from ecosystems import Pair, needs

#: kubernetes-validate checks manifests against the Kubernetes API's schemas it ships (no cluster is reached); strict
#: mode also refuses fields the schema does not name.
KUBE_VALIDATE = "kubernetes-validate --strict deploy/{name}.yaml"


def squawk(c: Any) -> None:
    needs(c, "squawk")
    proj = c.project(
        "shop-squawk",
        {
            "migrations/0002_add_reorder_level.sql": """
            SET lock_timeout = '1s';
            SET statement_timeout = '5s';
            ALTER TABLE items ADD COLUMN IF NOT EXISTS reorder_level bigint NOT NULL;
        """,
            "migrations/0003_index_orders.sql": """
            SET lock_timeout = '1s';
            SET statement_timeout = '5s';
            CREATE INDEX IF NOT EXISTS orders_customer_idx ON orders (customer_id);
        """,
        },
    )
    pair = Pair(c, "squawk", proj)
    pair.run(
        "squawk_required_field",
        "squawk migrations/0002_add_reorder_level.sql",
        r"adding-required-field",
        (
            "migrations/0002_add_reorder_level.sql",
            "bigint NOT NULL;",
            "bigint NOT NULL DEFAULT 0;",
        ),
    )
    pair.run(
        "squawk_concurrent_index",
        "squawk migrations/0003_index_orders.sql",
        r"require-concurrent-index-creation",
        (
            "migrations/0003_index_orders.sql",
            "CREATE INDEX IF NOT EXISTS",
            "CREATE INDEX CONCURRENTLY IF NOT EXISTS",
        ),
    )


def kubernetes_validate(c: Any) -> None:
    needs(c, "kubernetes-validate")
    proj = c.project(
        "shop-k8s",
        {
            "deploy/api.yaml": """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: shop-api
            spec:
              replicas: "2"
              selector:
                matchLabels:
                  app: shop-api
              template:
                metadata:
                  labels:
                    app: shop-api
                spec:
                  containers:
                    - name: api
                      image: shop/api:1.4
                      ports:
                        - containerPort: 8080
        """,
            "deploy/service.yaml": """
            apiVersion: v1
            kind: Service
            metadata:
              name: shop-api
            spec:
              selector:
                app: shop-api
              ports:
                - port: 80
                  targetPort: 8080
                  protocl: TCP
        """,
        },
    )
    pair = Pair(c, "kubernetes_validate", proj)
    pair.run(
        "kubernetes_validate_wrong_type",
        KUBE_VALIDATE.format(name="api"),
        r"spec\.replicas: '2' is not of type 'integer'",
        ("deploy/api.yaml", 'replicas: "2"', "replicas: 2"),
    )
    pair.run(
        "kubernetes_validate_unknown_field",
        KUBE_VALIDATE.format(name="service"),
        r"'protocl' was unexpected",
        ("deploy/service.yaml", "protocl: TCP", "protocol: TCP"),
    )
